import { readdirSync, readFileSync } from 'node:fs';

/** CPU time of one thread, with the priority (nice) it runs at. */
export interface ThreadCpu {
  pid: number;
  tid: number;
  name: string;
  nice: number;
  /** User and system time, in clock ticks (100 a second on Linux). */
  ticks: number;
}

const TICKS_PER_SECOND = 100;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // the thread or process ended meanwhile
  }
}

/** Every thread of a process and of its descendants, from /proc (Linux). */
export function threadsOf(rootPid: number): ThreadCpu[] {
  const threads: ThreadCpu[] = [];
  const pids = [rootPid];
  while (pids.length) {
    const pid = pids.pop()!;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // it ended meanwhile
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (stat) {
        // "tid (name) state ..." and the name may hold spaces or parentheses.
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // fields[0] is the state (field 3 of proc(5)): utime is field 14, stime 15, nice 19.
        threads.push({
          pid,
          tid: Number(tid),
          name,
          nice: Number(fields[16]),
          ticks: Number(fields[11]) + Number(fields[12]),
        });
      }
      const children = read(`/proc/${pid}/task/${tid}/children`);
      if (children) pids.push(...children.trim().split(/\s+/).filter(Boolean).map(Number));
    }
  }
  return threads;
}

/** Resident memory of a process and all its descendants (each counted once). */
export function treeRssBytes(rootPid: number): number {
  const pids = new Set(threadsOf(rootPid).map((t) => t.pid));
  let total = 0;
  for (const pid of pids) {
    const kb = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '')?.[1];
    total += Number(kb ?? 0) * 1024;
  }
  return total;
}

/**
 * CPU seconds spent between two samples of one process tree, split as the scheduler sees it:
 * the server's main thread (its event loop), other threads at the server's own priority, and
 * threads below it (a higher nice).
 */
export function cpuByPriority(rootPid: number, before: ThreadCpu[], after: ThreadCpu[]) {
  const earlier = new Map(before.map((t) => [`${t.pid}:${t.tid}`, t.ticks]));
  const serverNice = after.find((t) => t.tid === rootPid)?.nice ?? 0;
  const sums = { main: 0, sameNice: 0, lowerNice: 0 };
  const names = new Map<string, number>();
  for (const t of after) {
    const spent = (t.ticks - (earlier.get(`${t.pid}:${t.tid}`) ?? 0)) / TICKS_PER_SECOND;
    if (spent <= 0) continue;
    if (t.tid === rootPid) sums.main += spent;
    else if (t.nice <= serverNice) {
      sums.sameNice += spent;
      names.set(t.name, (names.get(t.name) ?? 0) + spent);
    } else sums.lowerNice += spent;
  }
  return { ...sums, sameNiceByName: [...names].sort((a, b) => b[1] - a[1]) };
}
