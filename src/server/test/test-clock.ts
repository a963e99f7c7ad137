import type { Clock } from '@server/lib/clock';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';

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

  /**
   * Moves forward (never back) to the next moment the Pakistan wall clock shows hour:minute: for
   * a test whose rule or wording depends on the time of day ("at 1:30 PM", a deal within one day),
   * wherever TEST_CLOCK_START put the clock. Returns the new instant.
   */
  moveToNextPakistanTime(hour: number, minute = 0): Date {
    const offset = (hour * 60 + minute) * 60_000;
    let next = new Date(startOfPakistanDay(this.now()).getTime() + offset);
    if (next.getTime() < this.current) next = new Date(addPakistanDays(next, 1));
    this.current = next.getTime();
    return this.now();
  }
}
