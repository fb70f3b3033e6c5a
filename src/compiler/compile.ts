/**
 * The library entry point: `compile(hubYamlText)` runs parse -> validate -> resolve -> modules ->
 * emitters and returns the artifacts in memory with every diagnostic. Nothing here touches the disk
 * except reading hubc's own shipped files (schema, KQL templates).
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { parseHubYaml } from '../frontend/parse.js';
import { validateHub } from '../frontend/validate.js';
import { resolveHub } from '../frontend/resolve.js';
import type { HubModel } from '../model/hub.js';
import { toJsonText } from '../model/json.js';
import { packagePath } from '../util/packageRoot.js';
import { isObject } from '../util/json.js';
import type { Contribution, HubModule } from '../modules/types.js';
import { coreModule } from '../modules/core/index.js';
import { networkModule } from '../modules/network/index.js';
import { storageModule } from '../modules/storage/index.js';
import { keyVaultModule } from '../modules/keyVault/index.js';
import { remoteHubModule } from '../modules/remoteHub/index.js';
import { eventGridModule } from '../modules/eventGrid/index.js';
import { dataFactoryModule, withFactoryResources } from '../modules/dataFactory/index.js';
import { dataExplorerModule } from '../modules/dataExplorer/index.js';
import { configModule } from '../modules/config/index.js';
import { fabricModule } from '../modules/fabric/index.js';
import { recommendationsModule } from '../modules/recommendations/index.js';
import { has } from '../model/releases.js';
import { emitArmTemplate, parameterSources } from '../emitters/arm/template.js';
import { emitDataFactoryFiles } from '../emitters/dataFactory/standalone.js';
import { emitKqlFiles } from '../emitters/kql/files.js';
import { emitUiDefinition } from '../emitters/uiDefinition/index.js';
import { foldWithDefaults } from '../emitters/arm/fold.js';
import { HUBC_VERSION } from '../util/version.js';

export { HUBC_VERSION } from '../util/version.js';

/** Options of {@link compile}. */
export interface CompileOptions {
  /** File name used in diagnostics; default `hub.yaml`. */
  file?: string;
  /**
   * Hub release to build instead of the file's `release:` (CLI `--release`). The file is checked
   * against this release; a file without `release:` is accepted.
   */
  release?: string;
}

/** The outcome of a compile. `artifacts` is empty when there is any error. */
export interface CompileResult {
  model?: HubModel;
  /** Release folder name, e.g. `0.7`. */
  release?: string;
  /** Path relative to the release folder -> file text, in a stable order. */
  artifacts: Map<string, string>;
  /** Module contributions, for validators that need more than the files. */
  contributions: Contribution[];
  /** Template parameter name -> the hub.yaml field its default comes from (lint points findings back at it). */
  parameterSources?: ReadonlyMap<string, readonly string[]>;
  diagnostics: Diagnostic[];
}

/** The modules of a hub, in template order, chosen by release capabilities. */
export function modulesFor(model: HubModel): HubModule[] {
  const r = model.release;
  const list: HubModule[] = [coreModule];
  if (has(r, 'privateNetworking')) list.push(networkModule);
  list.push(storageModule, keyVaultModule);
  if (has(r, 'remoteHub')) list.push(remoteHubModule);
  if (has(r, 'eventGridRegistration')) list.push(eventGridModule);
  list.push(dataFactoryModule);
  if (has(r, 'recommendations')) list.push(recommendationsModule);
  if (has(r, 'dataExplorer')) list.push(dataExplorerModule);
  if (has(r, 'fabric')) list.push(fabricModule);
  list.push(configModule);
  return list;
}

let skuNames: string[] | undefined;

/** The SKU names the schema knows: the default of `dataExplorer.allowedSkuNames` (read once per process). */
function schemaSkuNames(): string[] {
  if (!skuNames) {
    const schema = JSON.parse(readFileSync(packagePath('schemas', 'hub.schema.json'), 'utf8'));
    skuNames = schema.properties.dataExplorer.properties.sku.properties.name.enum as string[];
  }
  return [...skuNames];
}

/** Parses, checks and resolves hub.yaml text into a model, or returns diagnostics. */
export function loadModel(text: string, options: CompileOptions = {}): { model?: HubModel; diagnostics: Diagnostic[] } {
  const file = options.file ?? 'hub.yaml';
  const parsed = parseHubYaml(text, file);
  if (!parsed.source) return { diagnostics: sortDiagnostics(parsed.diagnostics) };
  const data = parsed.source.data;
  if (options.release !== undefined && isObject(data)) {
    parsed.source.declaredRelease = data.release;
    data.release = options.release;
  }
  const checked = validateHub(parsed.source);
  if (!checked.data) return { diagnostics: sortDiagnostics(checked.diagnostics) };
  return { model: resolveHub(checked.data, schemaSkuNames()), diagnostics: checked.diagnostics };
}

/** Runs every module and emitter for a model. */
export function compileModel(model: HubModel): { artifacts: Map<string, string>; contributions: Contribution[] } {
  const contributions = modulesFor(model).map((m) => ({ module: m.name.replace(/Module$/, ''), ...m(model) }));
  const template = emitArmTemplate(withFactoryResources(contributions), model.release, {
    _generator: { name: 'hubc', version: HUBC_VERSION },
    hubRelease: model.release.version,
    // Recorded when not the default, so `hubc diff` and `upgrade-plan` know a build's names (`releaseOf` of src/load).
    ...(model.release.naming.mode !== 'spec' ? { hubNaming: model.release.naming.mode } : {}),
  });
  const artifacts = new Map<string, string>();
  artifacts.set('azuredeploy.json', toJsonText(template));
  artifacts.set('createUiDefinition.json', toJsonText(emitUiDefinition(model, contributions)));
  const fold = foldWithDefaults(template);
  for (const [path, text] of emitDataFactoryFiles(
    contributions.flatMap((c) => c.dataFactory ?? []),
    fold,
  ))
    artifacts.set(path, text);
  for (const [path, text] of emitKqlFiles(contributions.flatMap((c) => c.kqlScripts ?? []))) artifacts.set(path, text);
  for (const f of contributions.flatMap((c) => c.files ?? [])) artifacts.set(f.path, f.content);
  return { artifacts: new Map([...artifacts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), contributions };
}

/**
 * Compiles hub.yaml text.
 * @returns artifacts (empty on error) and diagnostics sorted by position
 */
export function compile(text: string, options: CompileOptions = {}): CompileResult {
  const loaded = loadModel(text, options);
  if (!loaded.model || hasErrors(loaded.diagnostics)) return { artifacts: new Map(), contributions: [], diagnostics: loaded.diagnostics };
  const { artifacts, contributions } = compileModel(loaded.model);
  return {
    model: loaded.model,
    release: loaded.model.release.version,
    artifacts,
    contributions,
    parameterSources: parameterSources(loaded.model.release),
    diagnostics: loaded.diagnostics,
  };
}
