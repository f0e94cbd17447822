// CPU time of a process tree, from /proc (Linux): on a shared machine req/s moves with the
// other tenants' load, CPU per request much less.
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * How long the CPU reading is trusted, in ms of wall time. The solver reads its clock about
 * 20,000 times a CPU second on BR cargo, and `process.cpuUsage` costs 1.2 us of CPU (a system
 * call, where production's `performance.now` costs 0.1 us) and often hands the core to another
 * process on a loaded machine; in between, the wall clock counts.
 */
const CPU_READ_EVERY_MS = 0.25;

let cpuAtRead = 0;
let wallAtRead = -Infinity;
let lastCpuMs = 0;

/** This process's CPU time in ms (user + system), read now (a system call, about 1.2 us). */
export function readCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * This process's CPU time in ms (user + system): a solver clock that a loaded machine does not
 * slow. Between two readings it advances with the wall clock, at most by the reading interval,
 * and it never goes back, so it is off by at most a quarter of a millisecond.
 */
export function cpuMs(): number {
  const wall = performance.now();
  if (wall - wallAtRead >= CPU_READ_EVERY_MS) {
    cpuAtRead = readCpuMs();
    wallAtRead = wall;
  }
  lastCpuMs = Math.max(lastCpuMs, cpuAtRead + Math.min(wall - wallAtRead, CPU_READ_EVERY_MS));
  return lastCpuMs;
}

function statOf(pid: string): { ppid: string; ms: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: fields[1], ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU used so far by the process whose command line holds `marker` and its children, or null. */
export function treeCpuMs(marker: string): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const root = pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
  if (!root) return null;
  let total = 0;
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat && (pid === root || stat.ppid === root)) total += stat.ms;
  }
  return total;
}
