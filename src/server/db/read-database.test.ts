import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@server/test/test-database';
import type { DatabaseHandle } from './client';
import { createReadDatabase, HEAVY_READS_AT_ONCE } from './read-database';

describe('heavy reads', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs at most HEAVY_READS_AT_ONCE at a time; the rest wait their turn and all answer, a failure included', async () => {
    const reads = createReadDatabase(handle, undefined);
    let running = 0;
    let most = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const heavyRead = (index: number) =>
      reads.runHeavy(async (db) => {
        running += 1;
        most = Math.max(most, running);
        await gate;
        // A real read on the connection each turn holds.
        await db.execute('select 1');
        running -= 1;
        if (index === 0) throw new Error('the first read fails');
        return index;
      });
    const answers = Array.from({ length: HEAVY_READS_AT_ONCE + 3 }, (_, index) =>
      heavyRead(index).catch((error: Error) => error.message),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running).toBe(HEAVY_READS_AT_ONCE);
    // A light read does not queue behind them.
    expect(await reads.run(async () => 'light')).toBe('light');
    open();
    expect(await Promise.all(answers)).toEqual([
      'the first read fails',
      ...Array.from({ length: HEAVY_READS_AT_ONCE + 2 }, (_, index) => index + 1),
    ]);
    expect(most).toBe(HEAVY_READS_AT_ONCE);
    expect(running).toBe(0);
  });
});
