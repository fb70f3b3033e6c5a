/**
 * Fuzzing the front end with valid models: hub.yaml texts drawn from the JSON Schema (written in several
 * YAML styles: block, flow, anchors and aliases, CRLF, a BOM) compile without breaking an invariant, and
 * every one that has no error builds a template whose resources pass the official ARM JSON schemas. Each
 * distinct resource JSON is validated once (the validator is slow the first time per resource type).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { hasErrors } from '../../src/diagnostics/diagnostic.js';
import { loadArmSchemaValidator, type ArmSchemaValidator } from '../../src/validators/armSchema.js';
import { compiled, templateOf } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';
import { assertProperty, compileChecked, runs, schemaModel } from './support.js';

let validator: ArmSchemaValidator;
const validated = new Set<string>();
let built = 0;

test.before(async () => {
  validator = loadArmSchemaValidator(await sharedArmSchemas([templateOf(compiled())]));
});

/** Problems of the resources (and envelope) not validated before. */
function schemaIssues(template: any): string[] {
  const out: string[] = [];
  const envelope = JSON.stringify({ ...template, resources: [] });
  if (!validated.has(envelope)) {
    validated.add(envelope);
    out.push(...validator.validateTemplate({ ...template, resources: [] }).map((i) => `template ${i.pointer}: ${i.message}`));
  }
  for (const r of template.resources) {
    const key = JSON.stringify(r);
    if (validated.has(key)) continue;
    validated.add(key);
    out.push(...validator.validateResource(r).map((i) => `${r.type} ${r.name} ${i.pointer}: ${i.message}`));
  }
  return out;
}

/** The YAML styles a model is written in; all mean the same data. */
const style = fc.constantFrom('block', 'flow', 'anchors', 'crlf', 'bom');

function write(model: Record<string, unknown>, how: string): string {
  switch (how) {
    case 'flow':
      return stringify(model, { collectionStyle: 'flow' });
    case 'anchors': {
      // The same tags object twice: the second becomes an alias of the first.
      const tags = (model.tags ?? {}) as Record<string, unknown>;
      return stringify({ ...model, tags, tagsByResource: { 'Microsoft.Storage/storageAccounts': tags } }, { aliasDuplicateObjects: true });
    }
    case 'crlf':
      return stringify(model).replace(/\n/g, '\r\n');
    case 'bom':
      return `\uFEFF${stringify(model)}`;
    default:
      return stringify(model);
  }
}

test('models drawn from the JSON Schema compile within the invariants; those without errors build and pass the ARM schemas', () => {
  assertProperty(
    'valid models',
    fc.property(schemaModel, style, (model, how) => {
      const r = compileChecked(write(model, how));
      if (hasErrors(r.diagnostics)) return;
      built++;
      const issues = schemaIssues(JSON.parse(r.artifacts.get('azuredeploy.json')!));
      if (issues.length) throw new Error(`template breaks the ARM schemas:\n${issues.slice(0, 10).join('\n')}`);
    }),
    runs(200),
  );
  // Most drawn models must build, or the property would check little.
  assert.ok(built >= runs(200) / 6, `only ${built} of ${runs(200)} models built`);
});

test.run();
