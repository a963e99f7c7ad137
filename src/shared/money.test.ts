import { describe, expect, it } from 'vitest';
import { formatPKR } from './money';

describe('PKR amounts', () => {
  it('writes whole rupees', () => {
    expect(formatPKR(10000)).toBe('Rs\u00a010,000');
  });
});
