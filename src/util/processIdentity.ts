/**
 * Who a process is, precisely enough to tell "certainly dead" from "cannot tell" when its record is read by
 * another process: a lock's holder (src/util/lock.ts) and the writer of a temporary file (src/util/files.ts).
 *
 * A process ID alone is not enough: the same number is another process in another PID namespace (a
 * container sharing the folder and, often, the host name), after a reboot, or once the number is reused.
 * So a record also holds the process's start time (`/proc/<pid>/stat` field 22, clock ticks since boot), the
 * kernel's boot ID (`/proc/sys/kernel/random/boot_id`), the PID namespace (`/proc/self/ns/pid`) and a hash of
 * the host name (the name itself is not written into folders a web server may serve). Another process is
 * judged dead only when all of these say it is this machine, this boot and this namespace, and its ID is
 * gone or now belongs to a process that started at another time; anything else is "cannot tell" and callers
 * fall back to a heartbeat. Where there is no /proc (macOS, Windows), boot, namespace and start time are
 * absent on both sides and the ID with the host name decides, as there are no PID namespaces there.
 *
 * Source: proc(5) (`/proc/pid/stat` starttime, `/proc/sys/kernel/random/boot_id`), pid_namespaces(7).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** A process as recorded in a lock or a temporary file's name. */
export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot, as text; absent without /proc. */
  start?: string;
  /** First 16 hex of SHA-256 of the host name. */
  host: string;
  /** First 16 hex of SHA-256 of the boot ID; absent without /proc. */
  boot?: string;
  /** First 16 hex of SHA-256 of the PID namespace (`pid:[4026531836]`); absent without /proc. */
  pidns?: string;
}

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function readOr(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The start time of a process of this namespace (`/proc/<pid>/stat` field 22), undefined when gone or unknown. */
export function startTimeOf(pid: number): string | undefined {
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

let self: ProcessIdentity | undefined;

/** This process. */
export function thisProcess(): ProcessIdentity {
  if (!self) {
    const boot = readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    const pidns = readOr(() => readlinkSync('/proc/self/ns/pid'));
    self = { pid: process.pid, start: startTimeOf(process.pid), host: short(hostname()), boot: boot && short(boot), pidns: pidns && short(pidns) };
  }
  return self;
}

/** True when a process with this ID exists in this namespace (signal 0: EPERM means it exists). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the recorded process still runs: `false` only when it certainly does not (same host, boot and PID
 * namespace, and its ID is gone or taken by a process started at another time), `true` when it is this
 * process or certainly runs, `undefined` when this process cannot tell (another machine, boot or namespace).
 */
export function isRunning(p: ProcessIdentity): boolean | undefined {
  const me = thisProcess();
  if (p.host !== me.host || p.boot !== me.boot || p.pidns !== me.pidns) return undefined;
  if (!Number.isSafeInteger(p.pid) || p.pid <= 0) return undefined;
  if (p.pid === me.pid) return p.start === me.start ? true : false;
  if (!exists(p.pid)) return false;
  if (p.start === undefined) return true;
  const now = startTimeOf(p.pid);
  return now === undefined ? true : now === p.start;
}

/** A compact tag of this process for file names: `<pid>.<start>.<8 hex of host, boot and namespace>`. */
export function processTag(): string {
  const me = thisProcess();
  return `${me.pid}.${me.start ?? '0'}.${short(`${me.host}/${me.boot ?? ''}/${me.pidns ?? ''}`).slice(0, 8)}`;
}

/** The process a {@link processTag} names, when it is of this host, boot and namespace; undefined otherwise. */
export function tagIsRunning(tag: string): boolean | undefined {
  const m = /^(\d+)\.(\d+)\.([0-9a-f]{8})$/.exec(tag);
  if (!m) return undefined;
  const me = thisProcess();
  if (m[3] !== short(`${me.host}/${me.boot ?? ''}/${me.pidns ?? ''}`).slice(0, 8)) return undefined;
  return isRunning({ pid: Number(m[1]), start: m[2] === '0' ? undefined : m[2], host: me.host, boot: me.boot, pidns: me.pidns });
}
