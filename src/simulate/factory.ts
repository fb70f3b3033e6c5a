/**
 * The Data Factory a simulation runs: the pipelines, triggers, datasets and linked services of a build,
 * read from its Build (the standalone files `hubc build` writes, `datafactory/<kind>s/<name>.json`), with
 * the values only known at deployment resolved for a fixed pretend deployment.
 *
 * The standalone files already hold every value hub.yaml fixes (ARM parameters at their defaults); what
 * stays an ARM expression depends on the deployment (`resourceGroup()`, `subscription()`,
 * `environment()`, `uniqueString(...)`, `reference(...)`). Those are folded again with the template's
 * variables and {@link SIMULATED_DEPLOYMENT}: subscription `00000000-0000-0000-0000-000000000000`,
 * resource group `finops-hub-simulated` in `westus`, the public Azure cloud. What still cannot be known
 * (`reference()` of a resource's runtime properties, such as a cluster identity's principal id) is kept
 * as its ARM expression text, e.g. `[reference(...).identity.principalId]`, and shows as that text
 * wherever a pipeline uses it.
 */
import { foldTemplateValue, type ArmEvalContext } from '../expressions/arm/evaluate.js';
import type { AdfObjectKind } from '../model/dataFactoryKinds.js';
import type { Build } from '../build/index.js';
import { unescapeArmLiteral } from '../expressions/arm/semantics.js';

/** A Data Factory object in its `{ name, properties }` form, ARM values resolved. */
export interface FactoryObject {
  name: string;
  properties: Record<string, any>;
}

/** The objects of one factory, by name. */
export interface Factory {
  pipelines: Map<string, FactoryObject>;
  triggers: Map<string, FactoryObject>;
  datasets: Map<string, FactoryObject>;
  linkedServices: Map<string, FactoryObject>;
  /** Files of the `config` container the deployment uploads (`config/settings.json`, `config/schemas/*.json`). */
  configFiles: Map<string, string>;
}

/** The pretend deployment ARM expressions are resolved for (documented in docs/simulate.md). */
export const SIMULATED_DEPLOYMENT: ArmEvalContext = {
  subscriptionId: '00000000-0000-0000-0000-000000000000',
  tenantId: '00000000-0000-0000-0000-000000000000',
  subscriptionDisplayName: 'Simulated subscription',
  resourceGroup: {
    name: 'finops-hub-simulated',
    location: 'westus',
    id: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/finops-hub-simulated',
    tags: {},
  },
  deploymentName: 'hubc-simulate',
  environment: 'AzureCloud',
};

const MAPS: Record<AdfObjectKind, keyof Omit<Factory, 'configFiles'>> = {
  pipeline: 'pipelines',
  trigger: 'triggers',
  dataset: 'datasets',
  linkedService: 'linkedServices',
};

/** Turns folded template JSON into deployed JSON: `[[x` literals lose one `[`; residual `[...]` stays as text. */
function deployedJson(v: unknown): unknown {
  if (typeof v === 'string') return unescapeArmLiteral(v);
  if (Array.isArray(v)) return v.map(deployedJson);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deployedJson(x)]));
  return v;
}

/**
 * Builds the factory of a build.
 * @param build the Build (`fromCompile`, `fromFiles`): its standalone Data Factory files, its template's
 *   variables and the `config/` files
 * @throws Error when a Data Factory file is not a JSON object (a corrupted build)
 */
export function factoryFromBuild(build: Build): Factory {
  const ctx = build.template.evaluate({ context: SIMULATED_DEPLOYMENT }).context;
  const factory: Factory = { pipelines: new Map(), triggers: new Map(), datasets: new Map(), linkedServices: new Map(), configFiles: new Map() };
  for (const w of build.factory.written) {
    if (!w.json) throw new Error(`hubc: ${w.file} is not a JSON object`);
    const folded = foldTemplateValue(w.json.properties, ctx, { keepInvalid: true });
    factory[MAPS[w.kind]].set(w.name, { name: w.name, properties: deployedJson(folded) as Record<string, any> });
  }
  for (const [path, text] of build.files) if (path.startsWith('config/')) factory.configFiles.set(path, text);
  return factory;
}
