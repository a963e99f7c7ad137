import { describe, expect, it } from 'vitest';
import { RESTART_DELAY_MAX_MS, RESTART_DELAY_MIN_MS, restartDelayMs } from './cluster-primary';

describe('replacing an app process that died', () => {
  it('waits 1 s, doubling while replacements keep dying young, never more than 30 s', () => {
    expect(restartDelayMs(0)).toBe(RESTART_DELAY_MIN_MS);
    expect(restartDelayMs(1)).toBe(2_000);
    expect(restartDelayMs(3)).toBe(8_000);
    expect(restartDelayMs(5)).toBe(RESTART_DELAY_MAX_MS);
    expect(restartDelayMs(40)).toBe(RESTART_DELAY_MAX_MS);
  });
});
