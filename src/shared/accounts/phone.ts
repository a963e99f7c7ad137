/*
 * Phone sign-in's constants and helpers, without zod: the phone form on /auth reads them, and
 * its first download stays light. The request schemas are in accounts.ts.
 */

/**
 * Why a code was sent: to sign in (or sign up) with the number, to add it to an account, or to
 * confirm closing the account it signs in to (a phone account has no password to ask for).
 */
export const PHONE_CODE_PURPOSES = ['sign_in', 'add_phone', 'close_account'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_SECONDS = 5 * 60;
/** Wrong tries that end a code: the next try needs a new one. */
export const PHONE_CODE_WRONG_TRIES = 5;
/** How soon the same number may ask for another code. */
export const PHONE_CODE_RESEND_SECONDS = 30;

/** How a code reached the phone (`log`: no provider configured, outside production). */
export const TEXT_CHANNELS = ['whatsapp', 'sms', 'log'] as const;
export type PhoneCodeChannel = (typeof TEXT_CHANNELS)[number];

/**
 * A phone account has no e-mail address, but the account tables need one: this reserved domain
 * (RFC 2606 `.invalid`) can never receive mail, and the e-mail service never writes to it.
 */
const PHONE_ACCOUNT_DOMAIN = 'phone.chaska.invalid';

export function phoneAccountEmail(e164: string): string {
  return `${e164.replace(/[^0-9]/g, '')}@${PHONE_ACCOUNT_DOMAIN}`;
}

export function isPhoneAccountEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PHONE_ACCOUNT_DOMAIN}`);
}

/**
 * A closed account keeps its row for the vendors' stamps, with this address in place of the
 * person's (accounts/close-account.ts): unique like every address, naming nobody.
 */
const CLOSED_ACCOUNT_DOMAIN = 'closed.chaska.invalid';

export function closedAccountEmail(userId: string): string {
  return `${userId.toLowerCase().replace(/[^a-z0-9-]/g, '')}@${CLOSED_ACCOUNT_DOMAIN}`;
}

export function isClosedAccountEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${CLOSED_ACCOUNT_DOMAIN}`);
}

/** The placeholders above (and any RFC 2606 `.invalid` address) can receive nothing: never written to. */
export function isUnreachableEmail(email: string): boolean {
  return email.toLowerCase().endsWith('.invalid');
}

/** The number of a phone account, read back from its placeholder address (E.164), else null. */
export function phoneOfAccountEmail(email: string): string | null {
  return isPhoneAccountEmail(email) ? `+${email.slice(0, email.indexOf('@'))}` : null;
}

/**
 * How a person is reached, as lists and details show them: the address, or a phone account's
 * number; nothing for a closed account (its name, emptied, is shown as closed by the list).
 */
export function contactText(email: string): string {
  if (isClosedAccountEmail(email)) return '';
  const phone = phoneOfAccountEmail(email);
  return phone ? nationalPhoneNumber(phone) : email;
}

/** +923001234567 as Pakistanis write it: 0300 1234567 (other numbers as stored). */
export function nationalPhoneNumber(e164: string): string {
  const pakistani = /^\+92(3[0-9]{2})([0-9]{7})$/.exec(e164);
  return pakistani ? `0${pakistani[1]} ${pakistani[2]}` : e164;
}
