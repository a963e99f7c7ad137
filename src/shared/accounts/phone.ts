import { z } from 'zod';
import { fieldMessage } from '@shared/field-messages';
import { LANGUAGES } from '@shared/i18n/languages';

/** Why a code was sent: to sign in (or sign up) with the number, or to add it to an account. */
export const PHONE_CODE_PURPOSES = ['sign_in', 'add_phone'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_SECONDS = 5 * 60;
/** Wrong tries that end a code: the next try needs a new one. */
export const PHONE_CODE_WRONG_TRIES = 5;
/** How soon the same number may ask for another code. */
export const PHONE_CODE_RESEND_SECONDS = 30;

const phoneInvalid = fieldMessage('forms:phone.mobileInvalid');
const codeInvalid = fieldMessage('forms:phoneCode.invalid');

/**
 * The number as typed. Its shape only: whether it is a Pakistani mobile is decided on the server
 * (libphonenumber-js, accounts/phone-number.ts), which names the field when it is not.
 */
export const typedPhoneNumber = z.string(phoneInvalid).trim().min(1, phoneInvalid).max(32, phoneInvalid);

export const phoneCodeRequestSchema = z.object({
  phoneNumber: typedPhoneNumber,
  /** sign_in (the default) for anyone; add_phone for a signed-in account adding its number. */
  purpose: z.enum(PHONE_CODE_PURPOSES).default('sign_in'),
  /** The language of the page: the code's message is written in it. */
  language: z.enum(LANGUAGES).optional(),
});
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

export const phoneCodeSentSchema = z.object({
  /** E.164, as the server read the number: the code step shows it and sends it back. */
  phoneNumber: z.string(),
  channel: z.enum(['whatsapp', 'sms', 'log']),
  resendAfterSeconds: z.number().int(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const phoneCodeSchema = z
  .string(codeInvalid)
  .trim()
  .regex(new RegExp(`^[0-9]{${PHONE_CODE_LENGTH}}$`), codeInvalid);

export const phoneSignInSchema = z.object({
  phoneNumber: typedPhoneNumber,
  code: phoneCodeSchema,
  language: z.enum(LANGUAGES).optional(),
});
export type PhoneSignInInput = z.infer<typeof phoneSignInSchema>;

export const addPhoneSchema = z.object({ phoneNumber: typedPhoneNumber, code: phoneCodeSchema });

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

/** +923001234567 as Pakistanis write it: 0300 1234567 (other numbers as stored). */
export function nationalPhoneNumber(e164: string): string {
  const pakistani = /^\+92(3[0-9]{2})([0-9]{7})$/.exec(e164);
  return pakistani ? `0${pakistani[1]} ${pakistani[2]}` : e164;
}
