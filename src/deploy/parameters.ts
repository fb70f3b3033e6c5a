/**
 * The parameter values of a deployment: read from a `--parameters` file (a deploymentParameters file,
 * as `hubc params` writes, or a bare `{ name: { value } }` map as `az` also accepts) and checked against
 * the template before anything is sent to Azure. Parameters the file does not give keep the template's
 * defaults, which ARM applies itself: only the file's entries are sent.
 */
import { INPUT_LIMITS, readInputFile } from '../util/inputFiles.js';
import { positionAt, type Diagnostic } from '../diagnostics/diagnostic.js';
import { nearest } from '../util/nearest.js';
import { hasPlaceholder, isSecureParameter, secretInUse, type KeyVaultReference, type ParameterEntry, type TemplateParameter } from '../params/index.js';
import { codes } from '../diagnostics/index.js';
import { isArmExpressionString, unescapeArmLiteral } from '../expressions/arm/semantics.js';
import { isObject, parseJsonInput } from '../util/json.js';

/** The outcome of reading a parameters file: entries by the template's spelling of each name, or errors. */
export interface SuppliedParameters {
  parameters: Record<string, ParameterEntry>;
  diagnostics: Diagnostic[];
  /** True when the file itself could not be read (missing, not a regular file, too large): an environment error, exit 2. */
  unreadable?: boolean;
}

/**
 * Reads and checks a parameters file against a template's parameters.
 * The file is read with `readInputFile` (src/util/inputFiles.ts): a regular file of at most
 * `INPUT_LIMITS.json` bytes.
 * Errors: HUB420 (unreadable or not JSON), HUB421 (a parameter the template does not declare; ARM would
 * refuse the deployment), HUB422 (an entry without exactly one of `value` / `reference`, or a malformed
 * reference), HUB424 (a Key Vault reference still holding `<...>` placeholders).
 * @param file path of the file (named in diagnostics)
 * @param declared the template's `parameters` section
 */
export function readParametersFile(file: string, declared: Record<string, TemplateParameter>): SuppliedParameters {
  let text: string;
  try {
    text = readInputFile(file, { maxBytes: INPUT_LIMITS.json });
  } catch (e) {
    return { parameters: {}, diagnostics: [{ ...codes.HUB420.unreadable({ file, detail: (e as { detail?: string }).detail ?? (e as Error).message }), file }], unreadable: true };
  }
  return parseParametersText(text, file, declared);
}

/** {@link readParametersFile} on text already read. */
export function parseParametersText(text: string, file: string, declared: Record<string, TemplateParameter>): SuppliedParameters {
  let data: unknown;
  try {
    data = parseJsonInput(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    return {
      parameters: {},
      diagnostics: [{ ...codes.HUB420.notJson({ file, detail: (e as Error).message }), file, ...(at ? { start: positionAt(text, Number(at[1])) } : {}) }],
    };
  }
  const entries = isObject(data) && isObject(data.parameters) ? data.parameters : data;
  if (!isObject(entries)) {
    return { parameters: {}, diagnostics: [{ ...codes.HUB420.noParameters({ file }), file }] };
  }
  const byLower = new Map(Object.keys(declared).map((n) => [n.toLowerCase(), n]));
  const parameters: Record<string, ParameterEntry> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    const name = byLower.get(key.toLowerCase());
    const path = `parameters.${key}`;
    if (!name) {
      const near = nearest(key, Object.keys(declared));
      diagnostics.push({ ...codes.HUB421.raise({ key, near, declared: Object.keys(declared) }), file, path });
      continue;
    }
    const problem = entryProblem(entry);
    if (problem) {
      diagnostics.push({ ...codes.HUB422.raise({ key, problem }), file, path });
      continue;
    }
    const e = entry as ParameterEntry;
    if ('reference' in e && hasPlaceholder(e.reference)) {
      diagnostics.push({ ...codes.HUB424.raise({ key, vaultId: e.reference.keyVault.id, secretName: e.reference.secretName }), file, path });
      continue;
    }
    parameters[name] = e;
  }
  return { parameters, diagnostics };
}

/** Why an entry is not `{ value }` or `{ reference }` (with optional `metadata`), or undefined when it is. */
function entryProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return 'must be an object with "value" or "reference"';
  const extra = Object.keys(entry).filter((k) => k !== 'value' && k !== 'reference' && k !== 'metadata');
  if (extra.length) return `unexpected member ${extra.map((k) => `"${k}"`).join(', ')}`;
  const hasValue = 'value' in entry;
  const hasRef = 'reference' in entry;
  if (hasValue === hasRef) return hasValue ? 'has both "value" and "reference"' : 'has neither "value" nor "reference"';
  if (hasRef) {
    const r = entry.reference as Partial<KeyVaultReference>;
    if (!isObject(r) || !isObject(r.keyVault) || typeof r.keyVault.id !== 'string' || !r.keyVault.id || typeof r.secretName !== 'string' || !r.secretName) {
      return 'a reference needs keyVault.id and secretName';
    }
  }
  return undefined;
}

/**
 * The literal value a parameter will have: the file's `value`, else the template default when it is not
 * an expression; undefined when only known at deployment (a Key Vault reference, an expression default).
 */
export function knownValue(name: string, declared: Record<string, TemplateParameter>, supplied: Record<string, ParameterEntry>): unknown {
  const entry = supplied[name];
  if (entry) return 'value' in entry ? entry.value : undefined;
  const d = declared[name]?.defaultValue;
  if (typeof d !== 'string') return d;
  return isArmExpressionString(d) ? undefined : unescapeArmLiteral(d);
}

/**
 * HUB423 for each secure parameter the deployment uses (see `SECRET_USED_WHEN`) whose value is missing
 * or empty: without it, the hub deploys with an empty secret (for the remote hub key, pushing to the
 * remote hub then fails at run time).
 * @param file the parameters file, or undefined when none was given
 */
export function missingSecrets(declared: Record<string, TemplateParameter>, supplied: Record<string, ParameterEntry>, file: string | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, p] of Object.entries(declared)) {
    if (!isSecureParameter(p) || !secretInUse(name, (n) => knownValue(n, declared, supplied))) continue;
    const entry = supplied[name];
    if (entry && ('reference' in entry || (entry.value !== '' && entry.value !== undefined && entry.value !== null))) continue;
    out.push({ ...codes.HUB423.raise({ name }), file: file ?? 'hub.yaml', path: `parameters.${name}` });
  }
  return out;
}
