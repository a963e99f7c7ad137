import { describe, expect, it } from 'vitest';
import { formatCountdown, timeLeft } from './use-countdown';

describe('a deal countdown', () => {
  const now = Date.parse('2026-03-11T10:00:00.000Z');

  it('counts the milliseconds left, never below zero, and nothing without an end', () => {
    expect(timeLeft('2026-03-11T10:00:05.000Z', now)).toBe(5000);
    expect(timeLeft('2026-03-11T09:59:00.000Z', now)).toBe(0);
    expect(timeLeft(null, now)).toBeNull();
  });

  it('shows hh:mm:ss, rounding down, with hours past a day', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown((2 * 3600 + 3 * 60 + 4) * 1000)).toBe('02:03:04');
    expect(formatCountdown(27 * 3600 * 1000)).toBe('27:00:00');
  });
});
