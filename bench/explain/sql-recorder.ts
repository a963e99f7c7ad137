import pg from 'pg';

/** One statement as the app sent it to PostgreSQL. */
export interface RecordedStatement {
  text: string;
  values: unknown[];
}

type QueryFunction = (this: pg.Client, ...args: unknown[]) => unknown;

function statementOf(args: unknown[]): RecordedStatement | null {
  const [first, second] = args;
  const config = typeof first === 'string' ? { text: first } : (first as { text?: unknown; values?: unknown } | null);
  if (!config || typeof config.text !== 'string') return null;
  const values = Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [];
  return { text: config.text, values: [...values] };
}

/**
 * Records every statement node-postgres sends while a recording is open. It wraps
 * `pg.Client.prototype.query`, which every pooled and transaction connection goes through, so
 * the app is built with the ordinary `openDatabase()` and nothing in it changes for the bench.
 */
export function createSqlRecorder() {
  const prototype = pg.Client.prototype as unknown as { query: QueryFunction };
  const original = prototype.query;
  let current: RecordedStatement[] | null = null;

  prototype.query = function recordingQuery(this: pg.Client, ...args: unknown[]) {
    if (current) {
      const statement = statementOf(args);
      if (statement) current.push(statement);
    }
    return original.apply(this, args);
  };

  return {
    /** Runs `action` and returns it together with the statements it caused. */
    async record<T>(action: () => Promise<T>): Promise<{ result: T; statements: RecordedStatement[] }> {
      const statements: RecordedStatement[] = [];
      current = statements;
      try {
        return { result: await action(), statements };
      } finally {
        current = null;
      }
    },
    restore() {
      prototype.query = original;
    },
  };
}
