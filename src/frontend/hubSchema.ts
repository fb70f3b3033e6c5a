/**
 * The compiled JSON Schema of hub.yaml (`schemas/hub.schema.json`), as an ajv validate function that also
 * fills in the schema's defaults (`useDefaults`). The ajv options are in `./hubSchema.options.json`.
 *
 * Run from source (tsx, tests), the schema is compiled here on first use. In the `dist/` bundle this module
 * is replaced by ajv's standalone code for the same schema and options, generated at build time
 * (scripts/hubSchemaCode.mjs), so a cold `hubc build` neither loads ajv's compiler nor checks the schema
 * against the draft-07 meta-schema; test/cli/bundle.test.ts checks the bundle reports hub.yaml errors and
 * fills defaults exactly as the source does.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import options from './hubSchema.options.json' with { type: 'json' };
import { packagePath } from '../util/packageRoot.js';

let validator: ValidateFunction | undefined;

/**
 * The hub.yaml schema validator, compiled once per process. Calling it with a value fills in defaults in
 * place and sets `.errors` (ajv ErrorObjects, all errors) when the value is not valid.
 */
export function hubSchemaValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(packagePath('schemas', 'hub.schema.json'), 'utf8'));
    validator = new Ajv(options).compile(schema);
  }
  return validator;
}
