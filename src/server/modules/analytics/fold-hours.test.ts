import { describe, expect, it } from 'vitest';
import { foldDaySlots, foldLocalHours } from './analytics-queries';

const DAY = (dateKey: string) => Date.parse(`${dateKey}T00:00:00Z`) / 86_400_000;

/** The hour rows (local hours since 1970) that a day's 25 slots stand for. */
function hoursOf(days: Array<{ day: number; slots: number[] }>) {
  return days.flatMap(({ day, slots }) =>
    slots.map((count, slot) => ({ hour: day * 24 + slot, count })).filter((row) => row.count !== 0),
  );
}

describe('folding the stamp rollup into buckets and hours of the day', () => {
  // 31 January: stamps at 09:00 and 23:00, and in its last half second (slot 25, 1 February's first hour).
  const january31 = {
    day: DAY('2026-01-31'),
    slots: Array.from({ length: 25 }, (_, slot) => ({ 9: 2, 23: 1, 24: 4 })[slot] ?? 0),
  };
  // Monday 2 February at 00:00 and 12:00.
  const february2 = {
    day: DAY('2026-02-02'),
    slots: Array.from({ length: 25 }, (_, slot) => ({ 0: 1, 12: 5 })[slot] ?? 0),
  };
  const days = [january31, february2];

  it('puts slot 25 in the next day, week and month, and its hour at midnight', () => {
    expect([...foldDaySlots(days, 'month').byBucket]).toEqual([
      ['2026-01-01', 3],
      ['2026-02-01', 10],
    ]);
    expect([...foldDaySlots(days, 'day').byBucket]).toEqual([
      ['2026-01-31', 3],
      ['2026-02-01', 4],
      ['2026-02-02', 6],
    ]);
    // Saturday 31 January is in the week of Monday 26 January; Sunday 1 February too; 2 February starts the next.
    expect([...foldDaySlots(days, 'week').byBucket]).toEqual([
      ['2026-01-26', 7],
      ['2026-02-02', 6],
    ]);
    const { byHourOfDay } = foldDaySlots(days, 'day');
    expect(byHourOfDay[0]).toBe(5);
    expect(byHourOfDay[9]).toBe(2);
    expect(byHourOfDay[12]).toBe(5);
    expect(byHourOfDay[23]).toBe(1);
  });

  it('gives what folding the same counts hour by hour gives', () => {
    for (const bucket of ['day', 'week', 'month'] as const) {
      const bySlots = foldDaySlots(days, bucket);
      const byHours = foldLocalHours(hoursOf(days), bucket);
      expect(Object.fromEntries(bySlots.byBucket)).toEqual(Object.fromEntries(byHours.byBucket));
      expect(bySlots.byHourOfDay).toEqual(byHours.byHourOfDay);
    }
  });
});
