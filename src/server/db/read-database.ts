import { DrizzleQueryError, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Database, DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './database-unavailable';

/**
 * Where the read-only pages read (decision 049): a streaming replica when DATABASE_READ_URL is
 * set, else the primary itself. Only use cases that never follow a write of the same person take
 * it (public listings, the sitemap, public page heads, analytics and their exports); everything
 * that writes, or reads what its reader just wrote (a customer's cards after a stamp), stays on
 * app.deps.database.
 *
 * A replica that cannot be reached does not take those pages down: the read is done again on the
 * primary, and reads stay there until a background ping finds the replica back.
 */
export interface ReadDatabase {
  /** Whether reads go to a replica at all. */
  readonly hasReplica: boolean;
  /** Where the next read goes: the replica, or the primary (no replica, or it is away). */
  readonly target: 'replica' | 'primary';
  /** Runs a read-only use case on the replica, again on the primary if the replica cannot answer. */
  run<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** As `run`, for a read that may take a second: at most HEAVY_READS_AT_ONCE at a time in this process. */
  runHeavy<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * The database for a read that cannot be started again once under way (a streamed answer):
   * the replica unless it is known to be away.
   */
  current(): Database;
  /** The replica's state for /api/health; null without a replica. */
  health(): Promise<ReplicaHealth | null>;
  /** Stops the background ping; the handles themselves are closed by whoever opened them. */
  stop(): void;
}

export interface ReplicaHealth {
  state: 'up' | 'down';
  /** How far behind the primary it applies changes, in seconds (0 when it has replayed all it received). */
  lagSeconds: number | null;
}

/**
 * How many heavy reads (analytics, their exports, programme health: up to a second each for the
 * largest vendors) a process runs at once, of the ten connections of its pool. The others wait
 * here holding no connection, so however many owners open their analytics together, the counter
 * still finds a free connection (50 of them at once held all ten for seconds, and stamps would
 * have waited for the pool's five-second limit). Two cores gain nothing from more at once.
 */
export const HEAVY_READS_AT_ONCE = 3;

/** How often a replica found away is pinged until it answers again. */
export const REPLICA_RETRY_MS = 1_000;

/**
 * SQLSTATE 40001 on a hot standby: "canceling statement due to conflict with recovery" (the
 * replica had to apply a change the query was still reading). The primary has no such conflict.
 */
const RECOVERY_CONFLICT = '40001';

function sqlStateOf(error: unknown): string | undefined {
  const inner = error instanceof DrizzleQueryError ? error.cause : error;
  const code = (inner as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export interface ReadDatabaseEvents {
  /** The replica stopped answering (reads moved to the primary) or answers again. */
  onReplicaStateChange?: (state: 'up' | 'down', error?: unknown) => void;
}

export function createReadDatabase(
  primary: DatabaseHandle,
  replica: DatabaseHandle | undefined,
  events: ReadDatabaseEvents = {},
): ReadDatabase {
  const reads = replicaReads(primary, replica, events);
  const heavy = pLimit(HEAVY_READS_AT_ONCE);
  return Object.assign(reads, { runHeavy: <T>(work: (db: Database) => Promise<T>) => heavy(() => reads.run(work)) });
}

function replicaReads(
  primary: DatabaseHandle,
  replica: DatabaseHandle | undefined,
  events: ReadDatabaseEvents,
): Omit<ReadDatabase, 'runHeavy'> {
  if (!replica) {
    return {
      hasReplica: false,
      target: 'primary',
      run: (work) => work(primary.db),
      current: () => primary.db,
      health: async () => null,
      stop: () => undefined,
    };
  }
  let away = false;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const pingUntilBack = () => {
    retryTimer = setTimeout(() => {
      replica.ping().then(
        () => {
          if (stopped) return;
          away = false;
          events.onReplicaStateChange?.('up');
        },
        () => {
          if (!stopped) pingUntilBack();
        },
      );
    }, REPLICA_RETRY_MS);
    retryTimer.unref();
  };

  const markAway = (error: unknown) => {
    if (away || stopped) return;
    away = true;
    events.onReplicaStateChange?.('down', error);
    pingUntilBack();
  };

  return {
    hasReplica: true,
    get target() {
      return away ? 'primary' : 'replica';
    },
    async run(work) {
      if (away) return work(primary.db);
      try {
        return await work(replica.db);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          markAway(error);
          return work(primary.db);
        }
        if (sqlStateOf(error) === RECOVERY_CONFLICT) return work(primary.db);
        throw error;
      }
    },
    current: () => (away ? primary.db : replica.db),
    async health() {
      try {
        // Lag is how old the last replayed change is, unless everything received is replayed
        // (an idle primary sends nothing, which is not lag).
        const result = await replica.db.execute(sql`
          select case
            when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
            else extract(epoch from now() - pg_last_xact_replay_timestamp())
          end as lag_seconds`);
        // PGlite and node-postgres both answer with `{ rows }`; the number arrives as text from one.
        const lag = (result as unknown as { rows: Array<{ lag_seconds: number | string | null }> }).rows[0]
          ?.lag_seconds;
        return { state: 'up', lagSeconds: lag === null || lag === undefined ? null : Math.max(0, Number(lag)) };
      } catch (error) {
        if (isDatabaseUnavailable(error)) markAway(error);
        return { state: 'down', lagSeconds: null };
      }
    },
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
    },
  };
}
