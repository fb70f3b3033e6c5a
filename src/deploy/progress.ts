/**
 * Progress of a running deployment: the deployment operations ARM reports (one per resource it creates,
 * updates or reads), polled while the deployment runs, turned into one line each time an operation
 * appears or changes state.
 *
 * REST (Microsoft.Resources "Deployment Operations - List"):
 * `GET /subscriptions/{id}/resourcegroups/{rg}/providers/Microsoft.Resources/deployments/{name}/operations`
 * returns `{ value: [ { operationId, properties: { provisioningOperation, provisioningState, statusCode,
 * statusMessage?, targetResource?: { id, resourceType, resourceName } } } ], nextLink? }`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeploymentOperation } from '@azure/arm-resources';
import { armErrorFromBody, LISTING_LIMITS, PagingError, type ArmError } from '../azure/index.js';

/** One operation as hubc reports it. */
export interface OperationReport {
  operationId: string;
  /** `Create`, `Read`, `Action`, `EvaluateDeploymentOutput`, ... */
  operation: string;
  /** `Running`, `Succeeded`, `Failed`, ... */
  state: string;
  resourceType?: string;
  resourceName?: string;
  /** HTTP status text ARM got from the resource provider, e.g. `OK`, `Created`, `Conflict`. */
  statusCode?: string;
  /** The resource provider's error, for failed operations. */
  error?: ArmError;
}

/** Reads the parts hubc reports from an SDK deployment operation. */
export function toOperationReport(op: DeploymentOperation): OperationReport {
  const p = op.properties ?? {};
  const status = p.statusMessage as { error?: unknown; status?: unknown } | undefined;
  const error = status ? (armErrorFromBody(status.error) ?? armErrorFromBody(status)) : undefined;
  return {
    operationId: op.operationId ?? op.id ?? '',
    operation: p.provisioningOperation ?? '',
    state: p.provisioningState ?? 'Unknown',
    ...(p.targetResource?.resourceType ? { resourceType: p.targetResource.resourceType } : {}),
    ...(p.targetResource?.resourceName ? { resourceName: p.targetResource.resourceName } : {}),
    ...(p.statusCode ? { statusCode: p.statusCode } : {}),
    ...(error && p.provisioningState === 'Failed' ? { error } : {}),
  };
}

/** One progress line, e.g. `  Succeeded  Microsoft.Storage/storageAccounts hubstore (Created)`. */
export function formatOperation(r: OperationReport): string {
  const what = r.resourceType ? `${r.resourceType} ${r.resourceName ?? ''}`.trimEnd() : r.operation || r.operationId;
  const status = r.statusCode ? ` (${r.statusCode})` : '';
  const error = r.error ? ` - ${r.error.code}${r.error.message ? `: ${r.error.message}` : ''}` : '';
  return `  ${r.state.padEnd(10)} ${what}${status}${error}`;
}

/**
 * Remembers the state of each operation and says which ones are new or changed.
 * Operations without a target resource are reported only when they fail (ARM adds one that evaluates
 * the outputs). At most {@link LISTING_LIMITS}`.items` operations are remembered; later new ones are not
 * reported (a deployment has at most 800 resources).
 */
export class OperationTracker {
  private readonly seen = new Map<string, string>();
  private readonly latest = new Map<string, OperationReport>();

  /** Records a listing (or one page of it); returns the reports that appeared or changed state, in listing order. */
  update(ops: readonly DeploymentOperation[]): OperationReport[] {
    const changed: OperationReport[] = [];
    for (const op of ops) {
      const r = toOperationReport(op);
      if (!r.resourceType && r.state !== 'Failed') continue;
      if (!this.latest.has(r.operationId) && this.latest.size >= LISTING_LIMITS.items) continue;
      this.latest.set(r.operationId, r);
      if (this.seen.get(r.operationId) === r.state) continue;
      this.seen.set(r.operationId, r.state);
      changed.push(r);
    }
    return changed;
  }

  /** The last known report of every operation, in first-seen order. */
  all(): OperationReport[] {
    return [...this.latest.values()];
  }
}

/**
 * Waits for `done` while listing the deployment operations every `intervalMs`, calling `onChange` for
 * each new or changed one; lists once more when `done` settles. Each page of a listing is handed to the
 * tracker as it arrives and then dropped (issue #29, item 8). Listing errors (the deployment not visible
 * yet, a transient failure) are ignored; a listing that loops or does not end ({@link PagingError}) stops
 * that listing and is said once through `onProblem`. The final outcome is `done`'s.
 * @param pages the listing's pages, bounded ({@link boundedPages})
 * @returns what `done` resolves to
 * @throws what `done` rejects with
 */
export async function followOperations<T>(
  done: Promise<T>,
  pages: () => AsyncIterable<DeploymentOperation[]>,
  tracker: OperationTracker,
  onChange: (r: OperationReport) => void,
  intervalMs: number,
  onProblem: (message: string) => void = () => {},
): Promise<T> {
  let settled = false;
  let told = false;
  const watched = done.then(
    () => void (settled = true),
    () => void (settled = true),
  );
  const poll = async () => {
    try {
      for await (const page of pages()) for (const r of tracker.update(page)) onChange(r);
    } catch (e) {
      // not visible yet, or a transient error: the next poll or the final listing catches up
      if (e instanceof PagingError && !told) {
        told = true;
        onProblem(e.message);
      }
    }
  };
  const timers = new AbortController();
  while (!settled) {
    await Promise.race([watched, sleep(intervalMs, undefined, { signal: timers.signal }).catch(() => undefined)]);
    await poll();
  }
  timers.abort(); // no timer keeps the process alive after the deployment ended
  return done;
}
