import { Secret, TOTP } from 'otpauth';
import { TYPED_CODE_ALPHABET, TYPED_CODE_LENGTH } from '@shared/stamps/codes';

/**
 * The offline form of My QR (decision 040): RFC 6238 time-based codes (HMAC-SHA1, 30-second
 * steps, 6 digits) from a secret the device received at enrolment, computed the same way in the
 * browser and on the server. The code staff scan or type is 8 Crockford characters like every
 * other typed code: the device's 4-character handle, then the 6 digits written as 4 characters
 * (10^6 < 32^4), so the typed fallback is the QR's own text.
 */
export const DEVICE_CODE_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of the verifier's "now" that still count: phones' clocks drift. */
export const DEVICE_CODE_SKEW_STEPS = 1;
/** Older steps than the window that still match are reported as expired rather than invalid. */
export const DEVICE_CODE_EXPIRED_LOOKBACK_STEPS = 20;
export const DEVICE_HANDLE_LENGTH = 4;
const OTP_CHARS = TYPED_CODE_LENGTH - DEVICE_HANDLE_LENGTH;
const OTP_LIMIT = 10 ** DIGITS;

function totpOf(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: DEVICE_CODE_PERIOD_SECONDS,
  });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32. */
export function newDeviceSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The 30-second step a moment falls in (RFC 6238's T). */
export function deviceCodeStep(atMs: number): number {
  return Math.floor(atMs / 1000 / DEVICE_CODE_PERIOD_SECONDS);
}

/** When the code of the step at `atMs` stops being the current one. */
export function deviceCodeRefreshAt(atMs: number): number {
  return (deviceCodeStep(atMs) + 1) * DEVICE_CODE_PERIOD_SECONDS * 1000;
}

function encodeOtp(otp: number): string {
  let text = '';
  let rest = otp;
  for (let index = 0; index < OTP_CHARS; index += 1) {
    text = TYPED_CODE_ALPHABET[rest % 32] + text;
    rest = Math.floor(rest / 32);
  }
  return text;
}

function decodeOtp(text: string): number | null {
  let value = 0;
  for (const char of text) {
    const digit = TYPED_CODE_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 32 + digit;
  }
  return value < OTP_LIMIT ? value : null;
}

/** The 8-character code a device shows at `atMs` (no dash). */
export function deviceCodeAt(device: { handle: string; secret: string }, atMs: number): string {
  const token = totpOf(device.secret).generate({ timestamp: atMs });
  return device.handle + encodeOtp(Number(token));
}

/** A normalized 8-character code split into the device's handle and its 6 digits, or null. */
export function splitDeviceCode(code: string): { handle: string; token: string } | null {
  if (code.length !== TYPED_CODE_LENGTH) return null;
  const otp = decodeOtp(code.slice(DEVICE_HANDLE_LENGTH));
  if (otp === null) return null;
  return { handle: code.slice(0, DEVICE_HANDLE_LENGTH), token: String(otp).padStart(DIGITS, '0') };
}

export type DeviceCodeMatch = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Which step the token belongs to, within the skew window around `atMs`; a token of a recent
 * step before the window is "expired", anything else "invalid".
 */
export function matchDeviceToken(secret: string, token: string, atMs: number): DeviceCodeMatch {
  const totp = totpOf(secret);
  const now = deviceCodeStep(atMs);
  const delta = totp.validate({ token, timestamp: atMs, window: DEVICE_CODE_SKEW_STEPS });
  if (delta !== null) return { ok: true, step: now + delta };
  for (let back = DEVICE_CODE_SKEW_STEPS + 1; back <= DEVICE_CODE_EXPIRED_LOOKBACK_STEPS; back += 1) {
    const at = (now - back) * DEVICE_CODE_PERIOD_SECONDS * 1000;
    if (totp.generate({ timestamp: at }) === token) return { ok: false, reason: 'expired' };
  }
  return { ok: false, reason: 'invalid' };
}
