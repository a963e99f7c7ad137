import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Holds an answer until a fixed time after it started, so how long it took says nothing about
 * what it found. Elapsed time only, never a date: no rule reads this clock.
 */
export function answerNoSoonerThan(milliseconds: number): { reached(): Promise<void> } {
  const started = performance.now();
  return {
    async reached() {
      const left = milliseconds - (performance.now() - started);
      if (left > 0) await sleep(left);
    },
  };
}
