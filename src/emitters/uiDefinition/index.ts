/**
 * createUiDefinition.json: the Azure portal form behind the Deploy to Azure button
 * (learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-overview).
 *
 * The form is assembled from what the modules contribute (`Contribution.form`): each module adds the
 * element and the output of every template parameter it owns. Elements go to their step in contribution
 * order; the outputs follow the elements. Every template parameter has exactly one form output, so the
 * form always sets what the template takes. The region is always the Basics region picker's
 * (`location()`, which ARM-TTK's "Location Should Be In Outputs" requires); a module may narrow the regions
 * it offers (`FormContribution.basicsRegions`, written to `config.basics.location.allowedValues`; source:
 * create-uidefinition-overview, "Config"). A release whose hub has one analytics engine (`oneAnalyticsEngine`)
 * gets the engine choice on Basics, each engine's elements and outputs gated by it (./engines.ts).
 */
import type { HubModel } from '../../model/hub.js';
import { behaves, has, parameterName, type ParameterKey, type Release } from '../../model/releases.js';
import type { ArmParameter, Contribution, FormContribution, FormEngineOption, FormStep } from '../../modules/types.js';
import { engineChoiceElement, gatedByEngine } from './engines.js';
import { mergeSection } from '../arm/template.js';
import type { UiExpr } from '../../expressions/ui/index.js';

/** The form's steps after Basics, in order, with their labels. */
const STEPS: { name: Exclude<FormStep, 'basics'>; label: string }[] = [
  { name: 'scopes', label: 'Scopes' },
  { name: 'storage', label: 'Storage' },
  { name: 'dataExplorer', label: 'Data Explorer' },
  { name: 'networking', label: 'Networking' },
  { name: 'recommendations', label: 'Recommendations' },
  { name: 'tags', label: 'Tags' },
];

/**
 * Builds the UI definition of a compiled hub.
 * @throws Error when a template parameter has no form output, or two form contributions feed one parameter
 */
export function emitUiDefinition(model: HubModel, contributions: readonly Contribution[]): Record<string, unknown> {
  const release = model.release;
  const parameters = mergeSection(contributions, (c) => c.parameters, 'parameter');
  const engines = behaves(release, 'oneAnalyticsEngine') ? contributions.flatMap((c) => (c.formEngine ? [c.formEngine] : [])) : [];
  const form: FormContribution[] = contributions.flatMap((c) => c.form ?? []).map((f) => withEngine(f, engines, parameters, release));
  const fed = new Map<ParameterKey, number>();
  for (const f of form) fed.set(f.parameter, (fed.get(f.parameter) ?? 0) + 1);
  for (const key of parameters.keys()) {
    const n = fed.get(key as ParameterKey) ?? 0;
    if (n !== 1) throw new Error(`release ${release.version}: template parameter ${key} has ${n} form outputs (expected 1)`);
  }
  for (const key of fed.keys()) if (!parameters.has(key)) throw new Error(`release ${release.version}: form output for ${key}, which is not a template parameter`);

  const elements = (step: FormStep) => form.filter((f) => f.step === step).flatMap((f) => [...(f.helpers ?? []), ...(f.element ? [f.element] : [])]);
  // From 0.10 the analytics step offers a Fabric eventhouse beside the cluster.
  const label = (s: (typeof STEPS)[number]) => (s.name === 'dataExplorer' && has(release, 'fabric') ? 'Analytics' : s.label);
  const steps = STEPS.map((s) => ({ name: s.name, label: label(s), elements: elements(s.name) })).filter((s) => s.elements.length);
  const stepOrder: FormStep[] = ['basics', ...STEPS.map((s) => s.name)];
  const outputs: Record<string, UiExpr> = {};
  for (const step of stepOrder) for (const f of form.filter((x) => x.step === step)) outputs[parameterName(release, f.parameter)] = f.output;
  const location = parameters.get('location');
  const regions = form.filter((f) => f.basicsRegions);
  if (regions.length > 1) throw new Error(`release ${release.version}: ${regions.length} form contributions set the Basics regions (expected at most 1)`);
  return {
    $schema: 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#',
    handler: 'Microsoft.Azure.CreateUIDef',
    version: '0.1.2-preview',
    parameters: {
      config: {
        isWizard: false,
        basics: {
          description: `FinOps hub ${release.version}: collects Cost Management exports, converts them to FOCUS parquet and optionally loads them into Azure Data Explorer.`,
          location: {
            label: 'Location',
            toolTip: location?.metadata.description,
            resourceTypes: ['Microsoft.DataFactory/factories', 'Microsoft.Storage/storageAccounts', 'Microsoft.KeyVault/vaults'],
            ...(regions.length ? { allowedValues: regions[0].basicsRegions } : {}),
          },
        },
      },
      basics: [...elements('basics'), ...(engines.length ? [engineChoiceElement(engines)] : [])],
      steps,
      outputs,
    },
  };
}

/**
 * A form contribution as the release's form takes it: gated by its engine when the form asks for one engine
 * (./engines.ts), else as the module wrote it.
 * @throws Error when an engine's contribution has no engine option or no valid `whenOff`
 */
function withEngine(f: FormContribution, engines: readonly FormEngineOption[], parameters: ReadonlyMap<string, ArmParameter>, release: Release): FormContribution {
  if (!engines.length || !f.engine) return f;
  const engine = f.engine;
  if (!engines.some((e) => e.engine === engine)) throw new Error(`release ${release.version}: form output ${f.parameter} belongs to engine ${engine}, which no module offers`);
  const parameter = parameters.get(f.parameter);
  if (!parameter) return f;
  return gatedByEngine({ ...f, engine }, parameter, parameterName(release, f.parameter));
}
