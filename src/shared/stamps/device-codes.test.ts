import { describe, expect, it } from 'vitest';
import {
  DEVICE_CODE_PERIOD_SECONDS,
  deviceCodeAt,
  deviceCodeRefreshAt,
  deviceCodeStep,
  matchDeviceToken,
  newDeviceSecret,
  splitDeviceCode,
} from './device-codes';
import { isTypedCode } from './codes';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const device = { handle: 'K7M2', secret: RFC_SECRET };

describe('device codes', () => {
  it('match the RFC 6238 test vectors (6 digits of the 8-digit values)', () => {
    for (const [seconds, digits] of [
      [59, '287082'],
      [1111111109, '081804'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ] as const) {
      const code = deviceCodeAt(device, seconds * 1000);
      expect(code).toHaveLength(8);
      expect(isTypedCode(code)).toBe(true);
      expect(splitDeviceCode(code)).toEqual({ handle: 'K7M2', token: digits });
    }
  });

  it('accept the step before and after the verifier’s, report older ones as expired', () => {
    const at = Date.UTC(2026, 2, 11, 7, 30, 10);
    const period = DEVICE_CODE_PERIOD_SECONDS * 1000;
    const tokenAt = (ms: number) => splitDeviceCode(deviceCodeAt(device, ms))!.token;
    const step = deviceCodeStep(at);
    expect(matchDeviceToken(RFC_SECRET, tokenAt(at), at)).toEqual({ ok: true, step });
    expect(matchDeviceToken(RFC_SECRET, tokenAt(at - period), at)).toEqual({ ok: true, step: step - 1 });
    expect(matchDeviceToken(RFC_SECRET, tokenAt(at + period), at)).toEqual({ ok: true, step: step + 1 });
    expect(matchDeviceToken(RFC_SECRET, tokenAt(at - 2 * period), at)).toEqual({ ok: false, reason: 'expired' });
    expect(matchDeviceToken(RFC_SECRET, tokenAt(at + 2 * period), at)).toEqual({ ok: false, reason: 'invalid' });
    expect(matchDeviceToken(newDeviceSecret(), tokenAt(at), at).ok).toBe(false);
  });

  it('change every 30 seconds, on the step boundary', () => {
    const start = 1_800_000_000_000; // a multiple of 30 s
    expect(deviceCodeAt(device, start)).toBe(deviceCodeAt(device, start + 29_999));
    expect(deviceCodeAt(device, start)).not.toBe(deviceCodeAt(device, start + 30_000));
    expect(deviceCodeRefreshAt(start + 12_000)).toBe(start + 30_000);
  });

  it('refuse text that cannot be a device code', () => {
    expect(splitDeviceCode('K7M2')).toBeNull();
    // ZZZZ is 32^4 - 1, beyond six digits.
    expect(splitDeviceCode('K7M2ZZZZ')).toBeNull();
  });

  it('give each device a 160-bit secret of its own', () => {
    const secret = newDeviceSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newDeviceSecret()).not.toBe(secret);
  });
});
