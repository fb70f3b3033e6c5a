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
import { armErrorFromBody, type ArmError } from './errors.js';

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
 * the outputs).
 */
export class OperationTracker {
  private readonly seen = new Map<string, string>();
  private readonly latest = new Map<string, OperationReport>();

  /** Records a listing; returns the reports that appeared or changed state, in listing order. */
  update(ops: readonly DeploymentOperation[]): OperationReport[] {
    const changed: OperationReport[] = [];
    for (const op of ops) {
      const r = toOperationReport(op);
      if (!r.resourceType && r.state !== 'Failed') continue;
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
 * each new or changed one; lists once more when `done` settles. Listing errors (the deployment not
 * visible yet, a transient failure) are ignored; the final outcome is `done`'s.
 * @returns what `done` resolves to
 * @throws what `done` rejects with
 */
export async function followOperations<T>(
  done: Promise<T>,
  list: () => AsyncIterable<DeploymentOperation>,
  tracker: OperationTracker,
  onChange: (r: OperationReport) => void,
  intervalMs: number,
): Promise<T> {
  let settled = false;
  const watched = done.then(
    () => void (settled = true),
    () => void (settled = true),
  );
  const poll = async () => {
    try {
      const ops: DeploymentOperation[] = [];
      for await (const op of list()) ops.push(op);
      for (const r of tracker.update(ops)) onChange(r);
    } catch {
      // not visible yet, or a transient error: the next poll or the final listing catches up
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
