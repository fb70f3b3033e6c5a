/**
 * Resource providers: which namespaces a hub's template needs registered in the subscription, and
 * registering the missing ones before anything is deployed.
 *
 * Why before: an unregistered namespace fails its resources' deployment, except for
 * `Microsoft.EventGrid`, whose absence the spec names as its first failure condition: the deployment
 * succeeds, but the Data Factory blob-event triggers never start and no data is ready. The hub always
 * needs it (its `*_ManifestAdded` triggers are blob-event triggers that subscribe through Event Grid),
 * whatever resource types the template lists.
 *
 * REST (Microsoft.Resources, "Providers - List", "Providers - Register", "Providers - Get"):
 * `GET /subscriptions/{id}/providers`, `POST /subscriptions/{id}/providers/{namespace}/register`,
 * `GET /subscriptions/{id}/providers/{namespace}`; `registrationState` is `Registered`, `Registering`,
 * `NotRegistered` or `Unregistered`. Registering needs the `<namespace>/register/action` permission (Contributor
 * or Owner on the subscription); without it ARM answers 403 and `az provider register --namespace X`
 * run by someone who has it does the same.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { getContinuationToken, type ResourceManagementClient } from '@azure/arm-resources';
import { armFailureOf, boundedPages, type ArmFailure } from '../azure/index.js';
import type { TemplateResource, TemplateView } from '../build/index.js';

/** A namespace the template needs, and why. */
export interface RequiredProvider {
  /** Namespace as Azure spells it, e.g. `Microsoft.EventGrid`. */
  namespace: string;
  /** Resource types (or other reasons) that need it, sorted. */
  reasons: string[];
}

/** Namespaces needed beyond the resource types' own, with the type that brings them in. */
const IMPLIED: Readonly<Record<string, { namespace: string; reason: string }>> = {
  // A deployment script runs in a container group that ARM creates in the resource group.
  'microsoft.resources/deploymentscripts': { namespace: 'Microsoft.ContainerInstance', reason: 'deployment scripts run in container instances' },
};

const EVENT_GRID_REASON = 'blob-event triggers of Data Factory (without it, the deployment succeeds but triggers never start)';

/**
 * The namespaces a template needs for the given parameter values, sorted by name; always including
 * `Microsoft.EventGrid`. A resource whose `condition` evaluates to false with those values (and the
 * template defaults) is skipped, with its child resources and what it deploys; a condition only known at
 * deployment counts as true. Resources of nested deployments' inner templates count too (their conditions
 * evaluated with the template's values unless the deployment evaluates them in its own scope).
 * @param template the template view of the build (src/build)
 * @param values known parameter values (a `--parameters` file's `value`s)
 */
export function requiredProviders(template: TemplateView, values: Record<string, unknown> = {}): RequiredProvider[] {
  const evaluation = template.evaluate({ parameters: values });
  const found = new Map<string, { namespace: string; reasons: Set<string> }>();
  const add = (namespace: string, reason: string) => {
    const key = namespace.toLowerCase();
    const entry = found.get(key) ?? { namespace, reasons: new Set<string>() };
    entry.reasons.add(reason);
    found.set(key, entry);
  };
  // Not deployed: its condition is false, or its parent's, or the nested deployment's that declares it
  // (a condition in an inner-scope template is not ours to decide: only a literal false counts).
  const off = (r: TemplateResource): boolean =>
    (r.innerScope ? r.json.condition === false : evaluation.deployed(r) === false) ||
    (r.parent !== undefined && off(r.parent)) ||
    (r.deployment !== undefined && off(r.deployment));
  for (const r of template.allResources) {
    if (!r.type || off(r)) continue;
    add(r.type.split('/')[0], r.type);
    const implied = IMPLIED[r.type.toLowerCase()];
    if (implied) add(implied.namespace, implied.reason);
  }
  add('Microsoft.EventGrid', EVENT_GRID_REASON);
  return [...found.values()].map((e) => ({ namespace: e.namespace, reasons: [...e.reasons].sort() })).sort((a, b) => a.namespace.localeCompare(b.namespace));
}

/** What happened to one namespace. */
export interface ProviderStatus {
  namespace: string;
  /** State found first (`Registered`, `NotRegistered`, `Registering`, `Unregistered`, or `Unknown` when missing from the list). */
  before: string;
  /** `none` (already registered), `registered` (by this run), `waited` (someone else's registration finished), `forbidden` (403), `failed`. */
  action: 'none' | 'registered' | 'waited' | 'forbidden' | 'failed';
  /** State at the end. */
  after: string;
  /** The failure, for `forbidden` and `failed`. */
  failure?: ArmFailure;
}

/** Timing of registration polling. */
export interface RegistrationTiming {
  /** Wait between `Providers - Get` calls, ms. */
  pollIntervalMs: number;
  /** Give up after, ms. */
  timeoutMs: number;
}

/**
 * Lists the subscription's providers, registers each required namespace that is not `Registered`, and
 * waits until it is. Never throws for a namespace: failures are in the statuses.
 * @param say progress callback, one line per registration step
 * @throws whatever the SDK throws for the provider list itself (callers classify it with `armFailureOf`)
 */
export async function ensureProviders(
  client: ResourceManagementClient,
  required: RequiredProvider[],
  timing: RegistrationTiming,
  say: (line: string) => void,
): Promise<ProviderStatus[]> {
  const states = new Map<string, string>();
  for await (const page of boundedPages(client.providers.list().byPage(), getContinuationToken, "the subscription's resource providers"))
    for (const p of page) if (p.namespace) states.set(p.namespace.toLowerCase(), p.registrationState ?? 'Unknown');
  const out: ProviderStatus[] = [];
  for (const { namespace } of required) {
    const before = states.get(namespace.toLowerCase()) ?? 'Unknown';
    if (before === 'Registered') {
      out.push({ namespace, before, action: 'none', after: before });
      continue;
    }
    let action: ProviderStatus['action'] = 'waited';
    if (before !== 'Registering') {
      say(`resource provider ${namespace} is ${before}: registering it`);
      try {
        await client.providers.register(namespace);
        action = 'registered';
      } catch (e) {
        const failure = armFailureOf(e);
        out.push({ namespace, before, action: failure.kind === 'forbidden' ? 'forbidden' : 'failed', after: before, failure });
        continue;
      }
    } else say(`resource provider ${namespace} is Registering: waiting`);
    out.push(await waitRegistered(client, namespace, before, action, timing));
  }
  return out;
}

async function waitRegistered(
  client: ResourceManagementClient,
  namespace: string,
  before: string,
  action: ProviderStatus['action'],
  timing: RegistrationTiming,
): Promise<ProviderStatus> {
  const deadline = Date.now() + timing.timeoutMs;
  let state = 'Registering';
  for (;;) {
    try {
      state = (await client.providers.get(namespace)).registrationState ?? 'Unknown';
    } catch (e) {
      return { namespace, before, action: 'failed', after: state, failure: armFailureOf(e) };
    }
    if (state === 'Registered') return { namespace, before, action, after: state };
    if (state !== 'Registering' || Date.now() >= deadline) {
      const message = state === 'Registering' ? `still Registering after ${Math.round(timing.timeoutMs / 1000)} s` : `registration ended in state ${state}`;
      return { namespace, before, action: 'failed', after: state, failure: { kind: 'arm', error: { code: 'ProviderNotRegistered', message, details: [] } } };
    }
    await sleep(timing.pollIntervalMs);
  }
}

/** The `az` command that registers a namespace in a subscription. */
export function registerCommand(namespace: string, subscriptionId: string): string {
  return `az provider register --namespace ${namespace} --subscription ${subscriptionId} --wait`;
}
