/**
 * A resource name as a person reads it, from an ARM expression that what is known cannot fold all the way:
 * the known parts as text, each unknown one as a `{placeholder}` named for what it stands for
 * (`finopsstore{unique}` for `[concat('finopsstore', uniqueString('finops-hub', resourceGroup().id))]`,
 * `privatelink.blob.{storageSuffix}`). For upgrade notes, plan steps and release notes, which name the
 * resources of a hub: the expression itself stays in the machine-readable outputs. The text is a reading
 * aid, not a value: `take()` and `substring()` keep their whole argument, since the length of a placeholder
 * is not known.
 */
import type { ArmExpr } from './ast.js';
import { ArmParseError, parseArmExpression } from './parser.js';
import { isArmExpressionString } from './semantics.js';

/** A placeholder's text: `{name}`. */
const hole = (name: string) => `{${name}}`;

/** Applies `f` to the text outside placeholders. */
function outsideHoles(text: string, f: (part: string) => string): string {
  return text
    .split(/(\{[^{}]*\})/)
    .map((part, i) => (i % 2 ? part : f(part)))
    .join('');
}

/** Placeholder names of the deployment's own values. */
const DEPLOYMENT_VALUES: Readonly<Record<string, string>> = {
  'resourcegroup().location': 'location',
  'resourcegroup().name': 'resourceGroup',
  'resourcegroup().id': 'resourceGroupId',
  'subscription().subscriptionid': 'subscriptionId',
  'subscription().tenantid': 'tenantId',
};

/** The placeholder of a property access: the deployment's values by name, else the last property (`environment().suffixes.storage` -> `{storageSuffix}`). */
function propertyHole(node: Extract<ArmExpr, { kind: 'property' }>): string {
  let path = node.name;
  let target: ArmExpr = node.target;
  while (target.kind === 'property') {
    path = `${target.name}.${path}`;
    target = target.target;
  }
  const root = target.kind === 'call' ? `${target.name.toLowerCase()}()` : '';
  const known = DEPLOYMENT_VALUES[`${root}.${path}`.toLowerCase()];
  if (known) return hole(known);
  return hole(path.startsWith('suffixes.') ? `${node.name}Suffix` : node.name);
}

/** The readable text of a call. */
function callText(node: Extract<ArmExpr, { kind: 'call' }>): string {
  const args = node.args;
  const name = node.name.toLowerCase();
  const literal = (i: number) => (args[i]?.kind === 'string' ? (args[i] as { value: string }).value : undefined);
  switch (name) {
    case 'concat':
      return args.map(readable).join('');
    case 'format': {
      const pattern = literal(0);
      return pattern === undefined ? hole('format') : pattern.replace(/\{(\d+)(:[^}]*)?\}/g, (m, n: string) => (args[Number(n) + 1] ? readable(args[Number(n) + 1]) : m));
    }
    case 'replace': {
      const [from, to] = [literal(1), literal(2)];
      const text = readable(args[0]);
      return from === undefined || to === undefined || from === '' ? text : outsideHoles(text, (part) => part.split(from).join(to));
    }
    case 'tolower':
      return outsideHoles(readable(args[0]), (part) => part.toLowerCase());
    case 'toupper':
      return outsideHoles(readable(args[0]), (part) => part.toUpperCase());
    case 'take':
    case 'substring':
    case 'trim':
      return readable(args[0]);
    case 'uniquestring':
      return hole('unique');
    case 'parameters':
    case 'variables':
      return hole(literal(0) ?? name);
    default:
      return hole(name);
  }
}

/** The readable text of any node. */
function readable(node: ArmExpr | undefined): string {
  if (!node) return '';
  switch (node.kind) {
    case 'string':
      return node.value;
    case 'number':
      return String(node.value);
    case 'keyword':
      return String(node.value);
    case 'call':
      return callText(node);
    case 'property':
      return propertyHole(node);
    case 'index':
      return hole('item');
  }
}

/**
 * The readable form of a template string: an ARM expression rendered with placeholders (see the module
 * comment), anything else as it is.
 * @param text a name as a template writes it, or as far as it was folded (`[concat('a', uniqueString(...))]`)
 * @returns e.g. `finopsstore{unique}`; the text unchanged when it is not an expression or does not parse
 */
export function readableArm(text: string): string {
  if (!isArmExpressionString(text)) return text;
  try {
    return readable(parseArmExpression(text.slice(1, -1)));
  } catch (e) {
    if (e instanceof ArmParseError) return text;
    throw e;
  }
}
