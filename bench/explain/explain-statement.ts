import type pg from 'pg';
import type { RecordedStatement } from './sql-recorder';

/** The tables a page of results must never read in full (issue 10). */
export const WATCHED_TABLES = ['stamps', 'user_cards', 'vendors'] as const;

export interface ExplainedStatement extends RecordedStatement {
  plan: string;
  executionMs: number;
  planningMs: number;
  /** Watched tables the plan reads with a (parallel) sequential scan. */
  seqScans: string[];
}

/** Reads, which EXPLAIN ANALYZE may run; writes and session housekeeping are left out. */
export function isRead(statement: RecordedStatement): boolean {
  const text = statement.text.trimStart().toLowerCase();
  return text.startsWith('select') || text.startsWith('with') || text.startsWith('(select');
}

/** Statements with the same text and parameters are explained once. */
export function distinctStatements(statements: RecordedStatement[]): RecordedStatement[] {
  const seen = new Map<string, RecordedStatement>();
  for (const statement of statements) {
    const key = `${statement.text}\u0000${JSON.stringify(statement.values)}`;
    if (!seen.has(key)) seen.set(key, statement);
  }
  return [...seen.values()];
}

const SEQ_SCAN = /(?:Parallel )?Seq Scan on (?:public\.)?"?([a-z_]+)"?/g;

export function seqScannedTables(plan: string): string[] {
  const tables = new Set<string>();
  for (const match of plan.matchAll(SEQ_SCAN)) {
    if ((WATCHED_TABLES as readonly string[]).includes(match[1]!)) tables.add(match[1]!);
  }
  return [...tables];
}

function millisecondsAfter(label: string, plan: string): number {
  const match = new RegExp(`${label}: ([0-9.]+) ms`).exec(plan);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) with the statement's own parameters, in a transaction that is
 * rolled back, so a locking read (FOR UPDATE) or anything else leaves no trace.
 */
export async function explainStatement(client: pg.Client, statement: RecordedStatement): Promise<ExplainedStatement> {
  await client.query('begin');
  try {
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      statement.values,
    );
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    return {
      ...statement,
      plan,
      executionMs: millisecondsAfter('Execution Time', plan),
      planningMs: millisecondsAfter('Planning Time', plan),
      seqScans: seqScannedTables(plan),
    };
  } catch (error) {
    // A read that outruns the statement timeout is a finding in itself: show the plan it chose.
    await client.query('rollback');
    await client.query('begin');
    const estimate = await client.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values);
    const plan = [
      `ERROR: ${(error as Error).message} (the plan below is the estimate, not a run)`,
      ...estimate.rows.map((row) => row['QUERY PLAN']),
    ].join('\n');
    return {
      ...statement,
      plan,
      executionMs: Number.POSITIVE_INFINITY,
      planningMs: Number.NaN,
      seqScans: seqScannedTables(plan),
    };
  } finally {
    await client.query('rollback');
  }
}
