/**
 * Fault injection for the crash tests (docs/reliability.md): the steps of a write that a kill could fall
 * between are named fault points, and `HUBC_FAULT=<point>[@<n>][:stop][,...]` makes the process kill
 * itself with SIGKILL (what `kill -9`, the OOM killer or a power cut leaves) the n-th time (default: the
 * first) it reaches that point; with `:stop` it stops itself with SIGSTOP instead (what Ctrl-Z, a paused VM
 * or a stalled network file system looks like to other processes) and goes on where it was when the test
 * sends SIGCONT. Unset, a fault point costs one environment lookup.
 *
 * Point names are `<command>:<step>` (e.g. `publish:release-written`); each is listed where it is raised
 * and in docs/reliability.md.
 */

/** The environment variable naming the fault points. */
export const FAULT_VARIABLE = 'HUBC_FAULT';

const reached = new Map<string, number>();

/**
 * Marks a step between two writes; kills the process here when `HUBC_FAULT` names this point (and this
 * is the n-th time it is reached).
 * @param point `<command>:<step>`
 */
export function faultPoint(point: string): void {
  const spec = process.env[FAULT_VARIABLE];
  if (!spec) return;
  const count = (reached.get(point) ?? 0) + 1;
  reached.set(point, count);
  for (const part of spec.split(',')) {
    const stop = part.trim().endsWith(':stop');
    const [name, nth] = part
      .trim()
      .slice(0, stop ? -':stop'.length : undefined)
      .split('@');
    if (name === point && count === Number(nth ?? 1)) process.kill(process.pid, stop ? 'SIGSTOP' : 'SIGKILL');
  }
}
