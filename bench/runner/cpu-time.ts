import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/*
 * CPU time, not wall time: a request's CPU milliseconds in the app and in PostgreSQL do not depend
 * on the disk or on how long commits wait, so they compare across machines where throughput does
 * not. Read from /proc (Linux); elsewhere every sample is empty and the bench says so.
 */

/** Kernel clock ticks per second, the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  parentPid: number;
  cpuMs: number;
}

/** utime + stime of one process in milliseconds, and its parent; null when it has gone. */
function readProcStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return { parentPid: Number(fields[1]), cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU milliseconds of a process and all its descendants (the app's cluster workers included). */
export function processTreeCpuMs(rootPid: number): number {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return Number.NaN;
  }
  const stats = new Map<number, ProcStat>();
  for (const pid of pids) {
    const stat = readProcStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid; current > 1; current = stats.get(current)?.parentPid ?? 0)
      if (current === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) total += stat.cpuMs;
  return stats.has(rootPid) ? total : Number.NaN;
}

/**
 * The server backends of one database: their CPU by pid. Only this database's backends, because
 * the server is shared; background processes (WAL writer, checkpointer) are left out, so the
 * figure is the statements' own work.
 */
export async function databaseBackendsCpuMs(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = readProcStat(pid);
    if (stat) byPid.set(pid, stat.cpuMs);
  }
  return byPid;
}

/** CPU used between two readings of the backends; a backend that started in between counts whole. */
export function backendsCpuDeltaMs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpuMs] of after) total += cpuMs - (before.get(pid) ?? 0);
  return total;
}

export interface CpuPerRequest {
  /** Requests the CPU is divided by (the run's 2xx answers). */
  requests: number;
  /**
   * Seconds after the run until the background jobs the run enqueued were done (their CPU is
   * counted: a stamp's e-mail is part of its cost); null when nothing was waited for.
   */
  drainSeconds: number | null;
  /** Jobs of the run still not done when the wait gave up (their CPU is missing from the figures). */
  jobsLeft: number;
  appMs: number;
  postgresMs: number;
  appMsPerRequest: number;
  postgresMsPerRequest: number;
}

/**
 * Samples the app's process tree and the database's backends when started, and again when
 * finished; the difference over the requests answered is each side's CPU per request.
 */
export async function startCpuMeter(options: {
  appPid: number;
  databaseUrl: string;
  database: string;
}): Promise<{ finish(requests: number, options?: { drainJobsSeconds?: number }): Promise<CpuPerRequest> }> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const startedAt = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
  const appBefore = processTreeCpuMs(options.appPid);
  const backendsBefore = await databaseBackendsCpuMs(client, options.database);
  // The pool closes idle connections (after the load, while jobs drain): each backend's last
  // reading is kept, so one that exits between samples loses at most a second of its CPU.
  const backendsLatest = new Map(backendsBefore);
  let sampling: Promise<void> = Promise.resolve();
  const sampler = setInterval(() => {
    sampling = sampling.then(async () => {
      for (const [pid, cpuMs] of await databaseBackendsCpuMs(client, options.database)) backendsLatest.set(pid, cpuMs);
    });
  }, 1000);
  const jobsLeft = async () =>
    (
      await client.query<{ count: number }>(
        `select count(*)::int as count from jobs where created_at >= $1 and status in ('pending', 'running') and run_at <= now()`,
        [startedAt],
      )
    ).rows[0]!.count;
  return {
    async finish(requests, finishing = {}) {
      try {
        let drainSeconds: number | null = null;
        let left = 0;
        if (finishing.drainJobsSeconds) {
          const waitStarted = Date.now();
          while ((left = await jobsLeft()) > 0 && Date.now() - waitStarted < finishing.drainJobsSeconds * 1000)
            await new Promise((resolve) => setTimeout(resolve, 500));
          drainSeconds = Math.round((Date.now() - waitStarted) / 100) / 10;
        }
        clearInterval(sampler);
        await sampling;
        const appMs = processTreeCpuMs(options.appPid) - appBefore;
        for (const [pid, cpuMs] of await databaseBackendsCpuMs(client, options.database))
          backendsLatest.set(pid, cpuMs);
        const postgresMs = backendsCpuDeltaMs(backendsBefore, backendsLatest);
        const per = (ms: number) => (requests > 0 ? Math.round((ms / requests) * 100) / 100 : Number.NaN);
        return {
          requests,
          drainSeconds,
          jobsLeft: left,
          appMs: Math.round(appMs),
          postgresMs: Math.round(postgresMs),
          appMsPerRequest: per(appMs),
          postgresMsPerRequest: per(postgresMs),
        };
      } finally {
        await client.end();
      }
    },
  };
}
