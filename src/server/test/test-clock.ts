import type { Clock } from '@server/lib/clock';

/**
 * A clock that stands still until a test moves it. The default instant is a Wednesday at
 * 12:30 in Pakistan, mid-month, so no test depends on the real weekday or month. TEST_CLOCK_START
 * moves it (another weekday, just before midnight) to show that no test depends on the default either.
 */
export const DEFAULT_TEST_NOW = new Date(process.env.TEST_CLOCK_START ?? '2026-03-11T07:30:00.000Z');

if (Number.isNaN(DEFAULT_TEST_NOW.getTime())) throw new Error('TEST_CLOCK_START must be an ISO instant');

export class TestClock implements Clock {
  private current: number;

  constructor(start: Date = DEFAULT_TEST_NOW) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}
