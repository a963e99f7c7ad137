import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime, formatPKR, formatTimeOfDay } from './money';

describe('PKR and en-PK dates', () => {
  it('writes whole rupees', () => {
    expect(formatPKR(10000)).toBe('Rs\u00a010,000');
  });

  it('writes dates and times in the long en-PK format, Pakistan time', () => {
    // 00:58 UTC is 05:58 in Pakistan.
    expect(formatLongDate('2026-11-24T00:58:00Z')).toBe('24 November 2026');
    expect(formatLongDateTime('2026-11-24T00:58:00Z')).toBe('24 November 2026 at 5:58 am');
    expect(formatTimeOfDay('2026-11-24T13:05:00Z')).toBe('6:05 pm');
    expect(formatLongDateTime(null)).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});
