/*
 * The counter's codes as text: their life, their typed and signed forms, the counter link.
 * No zod here: the counter link page, a new customer's first download, reads these.
 */

/** Every rotating code (counter, customer, reward) is valid this long after it is shown. */
export const CODE_TTL_SECONDS = 60;
/** Screens fetch a fresh code this often, so a code scanned just before rotation still works. */
export const CODE_REFRESH_SECONDS = 30;

/**
 * The typed form of a code: 8 characters of Crockford's base32 (no I, L, O or U, so nothing is
 * mistaken for 1 or 0), shown as XXXX-XXXX. 40 random bits live for a minute behind a rate limit.
 */
export const TYPED_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TYPED_CODE_LENGTH = 8;
/** The QR form starts with this marker and a version. */
export const SIGNED_CODE_PREFIX = 'CHK1.';

/** Upper-cases, drops spaces and dashes, and reads I and L as 1 and O as 0 (Crockford). */
export function normalizeTypedCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

export function isTypedCode(normalized: string): boolean {
  if (normalized.length !== TYPED_CODE_LENGTH) return false;
  return [...normalized].every((char) => TYPED_CODE_ALPHABET.includes(char));
}

/** ABCD2345 → ABCD-2345 */
export function formatTypedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * How long a counter code opened as a link on a signed-out phone is held for it: long enough to
 * sign in with a code sent by SMS, and nobody else can use it meanwhile.
 */
export const HELD_CODE_TTL_SECONDS = 5 * 60;

/** Where counter links point: the page that collects the stamp (or holds the code while signing in). */
export const COUNTER_LINK_PREFIX = '/c/';

/** A counter code as a link the phone's own camera opens: PUBLIC_URL/c/<code>. */
export function counterLink(publicUrl: string, signedCode: string): string {
  return `${publicUrl}${COUNTER_LINK_PREFIX}${signedCode}`;
}

const COUNTER_LINK = /^https?:\/\/[^/\s]+\/c\/(CHK1\.[A-Za-z0-9_.-]+)\/?$/;

/** The signed code in what was scanned or typed: the code itself, or the code of a counter link. */
export function signedCodeIn(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.startsWith(SIGNED_CODE_PREFIX)) return trimmed;
  return COUNTER_LINK.exec(trimmed)?.[1] ?? null;
}

export function isSignedCode(input: string): boolean {
  return signedCodeIn(input) !== null;
}

/** The code a stamp by phone number writes (stamps.qr_code): marks it in the activity and the daily cap. */
export const PHONE_STAMP_REF = 'phone';

/** The code a card's head start writes (stamps.qr_code, kind head_start): given by the shop, not scanned. */
export const HEAD_START_REF = 'head_start';
