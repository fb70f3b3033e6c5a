/**
 * Standalone Data Factory JSON: each pipeline, trigger, dataset and linked service the template deploys,
 * in the `{ name, properties }` form Data Factory's Git integration and REST API use
 * (learn.microsoft.com/azure/data-factory/source-control).
 *
 * The objects are the ones embedded in `azuredeploy.json`, partially evaluated with the template
 * parameters at their hub.yaml defaults: values known before deployment become literals (and objects
 * whose condition is false for those defaults are left out), values only known at deployment (resource
 * names with `uniqueString`, endpoints, identities) stay ARM expressions.
 */
import type { AdfObject } from '../../modules/types.js';
import { toJsonText } from '../../model/json.js';
import { adfObjectFile } from '../../model/dataFactoryKinds.js';
import { escapeLiterals } from '../arm/template.js';
import type { TemplateFolder } from '../arm/fold.js';

/**
 * Emits the standalone files.
 * @param objects Data Factory objects in template order
 * @param fold partial evaluator for ARM expressions (parameters at their defaults)
 * @returns map of path (relative to the release folder) to file text
 */
export function emitDataFactoryFiles(objects: readonly AdfObject[], fold: TemplateFolder): Map<string, string> {
  const files = new Map<string, string>();
  for (const obj of objects) {
    if (obj.condition !== undefined) {
      const cond = fold(escapeLiterals({ c: obj.condition }).c);
      if (cond === false) continue;
    }
    const properties = fold(escapeLiterals(obj.properties));
    files.set(adfObjectFile(obj.kind, obj.name), toJsonText({ name: obj.name, properties }));
  }
  return files;
}
