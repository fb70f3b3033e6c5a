/**
 * `hubc simulate`: runs a release's Data Factory pipelines offline against a local storage folder.
 * Entry points: {@link simulate} (library), {@link formatSimulation} (text report),
 * {@link loadResponses} (the `--responses` file). Behaviour and assumptions: docs/simulate.md.
 */
import { readFileSync } from 'node:fs';
import { INPUT_LIMITS, readInputFile } from '../util/inputFiles.js';
import { parseJsonInput } from '../util/json.js';
import { Ajv } from 'ajv';
import { packagePath } from '../util/packageRoot.js';
import type { ResponsesFile } from './responses.js';
import { SimulationError } from './values.js';
import { codes } from '../diagnostics/index.js';

export { simulate, type SimulationStart } from './simulate.js';
export { formatSimulation, allRuns } from './format.js';
export { SimulationError } from './values.js';
export { copyExample } from './examples.js';
export { factoryFromBuild } from './factory.js';
export type * from './types.js';
export type { ResponsesFile } from './responses.js';

/**
 * Reads and checks a `--responses` file against `schemas/simulate-responses.schema.json`.
 * @throws SimulationError HUB456 when it cannot be read, is not JSON or breaks the schema
 */
export function loadResponses(file: string): ResponsesFile {
  let data: unknown;
  try {
    data = parseJsonInput(readInputFile(file, { maxBytes: INPUT_LIMITS.json }));
  } catch (e) {
    throw new SimulationError(codes.HUB456.unreadable({ file, detail: (e as { detail?: string }).detail ?? (e as Error).message }));
  }
  const schema = JSON.parse(readFileSync(packagePath('schemas', 'simulate-responses.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  if (!validate(data)) {
    const first = validate.errors![0];
    throw new SimulationError(codes.HUB456.invalid({ file, at: first.instancePath || '(root)', detail: `${first.message}` }));
  }
  return data as ResponsesFile;
}
