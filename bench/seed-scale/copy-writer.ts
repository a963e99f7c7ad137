import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type CopyValue = string | number | boolean | Date | null | undefined;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
/** Rows are gathered into chunks of about this size before they are written to the socket. */
const CHUNK_BYTES = 256 * 1024;

/** COPY's text format: tab-separated, `\N` for null, backslash escapes. */
function encodeValue(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') {
    return NEEDS_ESCAPE.test(value)
      ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
      : value;
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export interface CopyResult {
  table: string;
  rows: number;
  seconds: number;
}

/**
 * One `COPY table (columns) FROM STDIN` on its own connection, fed row by row. Rows are batched
 * into large chunks and the writer waits for the socket to drain, so memory stays flat however
 * many rows go through.
 */
export class CopyWriter {
  private readonly stream: ReturnType<typeof copyFrom>;
  private chunk = '';
  private rowCount = 0;
  private readonly startedAt = performance.now();
  /** Settles (rejects) only if PostgreSQL refuses the COPY, e.g. on a check constraint. */
  private readonly failed: Promise<never>;
  private failure: Error | null = null;

  constructor(
    client: pg.Client,
    readonly table: string,
    readonly columns: readonly string[],
  ) {
    const columnList = columns.map((column) => `"${column}"`).join(', ');
    this.stream = client.query(copyFrom(`copy "${table}" (${columnList}) from stdin`));
    this.failed = new Promise<never>((_resolve, reject) => {
      this.stream.on('error', (error: Error) => {
        this.failure = new Error(`COPY into ${table} failed: ${error.message}`, { cause: error });
        reject(this.failure);
      });
    });
    // Reported by the next write or by finish(), not as an unhandled rejection.
    this.failed.catch(() => undefined);
  }

  get rows(): number {
    return this.rowCount;
  }

  async write(values: readonly CopyValue[]): Promise<void> {
    if (values.length !== this.columns.length) {
      throw new Error(`${this.table}: ${values.length} values for ${this.columns.length} columns`);
    }
    let line = '';
    for (let i = 0; i < values.length; i += 1) line += (i === 0 ? '' : '\t') + encodeValue(values[i]);
    this.chunk += `${line}\n`;
    this.rowCount += 1;
    if (this.chunk.length >= CHUNK_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.chunk.length === 0) return;
    const ready = this.stream.write(this.chunk);
    this.chunk = '';
    if (!ready) await Promise.race([once(this.stream, 'drain'), this.failed]);
  }

  async finish(): Promise<CopyResult> {
    await this.flush();
    this.stream.end();
    await Promise.race([finished(this.stream), this.failed]);
    return { table: this.table, rows: this.rowCount, seconds: (performance.now() - this.startedAt) / 1000 };
  }
}
