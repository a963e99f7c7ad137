import { z } from 'zod';
import { CITIES } from '@shared/places';
import { fieldMessage } from '@shared/field-messages';
import { LANGUAGES } from '@shared/i18n/languages';
import { GENDERS, PASSWORD_MIN_LENGTH } from './users';
import { PHONE_CODE_LENGTH, PHONE_CODE_PURPOSES, TEXT_CHANNELS } from './phone';

/** First and last names: required on sign-up and in the profile, at most this long. */
export const NAME_MAX_LENGTH = 60;

const missingCredentials = fieldMessage('forms:credentials.missing');
const passwordTooLong = fieldMessage('forms:password.tooLong');
/** SPEC.md's sign-up wording of the password rule, also Better Auth's refusal of a short password. */
export const weakPassword = fieldMessage('auth:error.weakPassword');
const nameMissing = fieldMessage('forms:name.missing');
const nameTooLong = fieldMessage('forms:name.tooLong');
const surnameMissing = fieldMessage('forms:surname.missing');
const surnameTooLong = fieldMessage('forms:surname.tooLong');

const email = z
  .string(missingCredentials)
  .trim()
  .min(1, missingCredentials)
  .max(254, fieldMessage('forms:email.tooLong'))
  .pipe(z.email(fieldMessage('forms:email.invalid')));
const password = z.string(missingCredentials).min(1, missingCredentials).max(128, passwordTooLong);

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string(nameMissing).trim().min(1, nameMissing).max(NAME_MAX_LENGTH, nameTooLong),
  surname: z.string(surnameMissing).trim().min(1, surnameMissing).max(NAME_MAX_LENGTH, surnameTooLong),
  email,
  password: password.refine((value) => value.length >= PASSWORD_MIN_LENGTH, weakPassword),
  /** The page's language: the new account's, before its welcome and verification e-mails are written. */
  language: z.enum(LANGUAGES).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const passwordResetRequestSchema = z.object({ email });
export const passwordResetCompleteSchema = z.object({
  token: z.string().min(1, fieldMessage('forms:resetToken.invalid')).max(200),
  password: z.string().min(PASSWORD_MIN_LENGTH, weakPassword).max(128, passwordTooLong),
});
export const verifyEmailSchema = z.object({
  token: z.string().min(1, fieldMessage('forms:verificationToken.invalid')).max(200),
});

const dateOfBirthInvalid = fieldMessage('forms:dateOfBirth.invalid');
const phonePattern = /^\+?[0-9][0-9 -]{6,18}$/;

export const profileSchema = z.object({
  name: z.string().trim().min(1, nameMissing).max(NAME_MAX_LENGTH, nameTooLong),
  surname: z.string().trim().min(1, surnameMissing).max(NAME_MAX_LENGTH, surnameTooLong),
  phone: z.string().trim().regex(phonePattern, fieldMessage('forms:phone.invalid')),
  city: z.enum(CITIES, fieldMessage('forms:city.invalid')),
  dateOfBirth: z.iso.date(dateOfBirthInvalid).refine((value) => {
    const date = new Date(value);
    const now = new Date();
    return date < now && date.getFullYear() >= 1900;
  }, dateOfBirthInvalid),
  gender: z.enum(GENDERS, fieldMessage('forms:gender.invalid')),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** PUT /api/accounts/first-name: the name a new phone account gives after its first stamp. */
export const firstNameSchema = profileSchema.pick({ name: true });

export const membershipSchema = z.object({
  vendorId: z.string(),
  role: z.enum(['owner', 'staff']),
  vendorStatus: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  businessName: z.string(),
});

export const meSchema = z.object({
  user: z
    .object({
      id: z.string(),
      /** A phone account's is a placeholder that receives nothing (phone.ts): the pages show the number. */
      email: z.string(),
      /** The verified mobile number (E.164) the person signs in with, if any. */
      phoneNumber: z.string().nullable(),
      name: z.string(),
      surname: z.string(),
      verified: z.boolean(),
      roles: z.array(z.enum(['customer', 'vendor', 'staff', 'admin'])),
      isAdmin: z.boolean(),
      /** Sign-in asks for an authenticator-app code; admins need it on (PRODUCT.md section 3). */
      twoFactorEnabled: z.boolean(),
      membership: membershipSchema.nullable(),
      /** The language the person chose (null: not yet; the browser then saves the one it shows). */
      language: z.enum(LANGUAGES).nullable(),
    })
    .nullable(),
  /** phoneSignIn: codes can be sent (a WhatsApp or SMS provider, or the log outside production). */
  features: z.object({ google: z.boolean(), demoMode: z.boolean(), phoneSignIn: z.boolean() }),
});
export type Me = z.infer<typeof meSchema>;

/** PUT /api/accounts/language: the language switch of a signed-in person. */
export const languageChoiceSchema = z.object({ language: z.enum(LANGUAGES) });

/** Sign-in's answer: signed in (user set), or the password was right and a code is asked next. */
export const signInResponseSchema = meSchema.extend({ twoFactorRequired: z.boolean() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

const twoFactorCodeInvalid = fieldMessage('forms:twoFactorCode.invalid');

/** A 6-digit code from the app, or one of the backup codes (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z.object({
  code: z.string(twoFactorCodeInvalid).trim().min(6, twoFactorCodeInvalid).max(20, twoFactorCodeInvalid),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** An app code is six digits (spaces, as some apps show them, are ignored); anything else is a backup code. */
export function isAppCode(code: string): boolean {
  return /^[0-9]{6}$/.test(code.replace(/\s/g, ''));
}

const passwordMissing = fieldMessage('forms:password.missing');

/** Turning two-factor on or off asks for the password again. */
export const twoFactorPasswordSchema = z.object({
  password: z.string(passwordMissing).min(1, passwordMissing).max(128, passwordTooLong),
});
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordSchema>;

/** What enrolment shows once: the authenticator link (as a QR code), its secret for typing, the backup codes. */
export const twoFactorEnrolmentSchema = z.object({
  otpauthUri: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** The account's ways to be reached and to sign in, as the profile page shows them (contacts.ts). */
export const accountContactsSchema = z.object({
  /** Null for a phone account: it has no address until it adds one. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** The address a phone account asked to add, waiting for its link to be opened (24 hours). */
  pendingEmail: z.string().nullable(),
  /** E.164, set only once a code proved it. */
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** The account can sign in with its address and a password. */
  hasPassword: z.boolean(),
});
export type AccountContacts = z.infer<typeof accountContactsSchema>;

export const profileResponseSchema = z.object({
  email: z.string(),
  emailConfirmed: z.boolean(),
  contacts: accountContactsSchema,
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

// The texts live in a zod-free module so the sign-in screen can show them before zod loads.
export { OAUTH_MESSAGES, oauthErrorMessage, signInErrorMessage, signUpErrorMessage } from './account-messages';

/** GET /api/accounts/password-reset/check: is the link's token still good? */
export const passwordResetCheckQuerySchema = z.object({
  token: z.string().min(1, 'The reset link is not valid.').max(200),
});

// Sign in with a mobile number and a code (phone.ts has the constants).
const phoneInvalid = fieldMessage('forms:phone.mobileInvalid');
const codeInvalid = fieldMessage('forms:phoneCode.invalid');

/**
 * The number as typed. Its shape only: whether it is a Pakistani mobile is decided on the server
 * (libphonenumber-js, accounts/phone-number.ts), which names the field when it is not.
 */
export const typedPhoneNumber = z.string(phoneInvalid).trim().min(1, phoneInvalid).max(32, phoneInvalid);

export const phoneCodeRequestSchema = z.object({
  phoneNumber: typedPhoneNumber,
  /**
   * sign_in (the default) for anyone; add_phone for a signed-in account adding its number;
   * close_account for a signed-in account closing itself (to its own number only).
   */
  purpose: z.enum(PHONE_CODE_PURPOSES).default('sign_in'),
  /** The language of the page: the code's message is written in it. */
  language: z.enum(LANGUAGES).optional(),
  /** "Send by SMS instead": a code that did not come by WhatsApp goes again by SMS. */
  channel: z.enum(['sms'], { error: 'channel can only be sms' }).optional(),
});
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

export const phoneCodeSentSchema = z.object({
  /** E.164, as the server read the number: the code step shows it and sends it back. */
  phoneNumber: z.string(),
  channel: z.enum(TEXT_CHANNELS),
  /** The code went by WhatsApp and may go again by SMS, once the resend wait is over. */
  smsInstead: z.boolean(),
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

/** POST /api/accounts/email: the address a phone account adds; it counts once its link is opened. */
export const addEmailSchema = z.object({
  email: z
    .string(fieldMessage('forms:email.missing'))
    .trim()
    .min(1, fieldMessage('forms:email.missing'))
    .max(254, fieldMessage('forms:email.tooLong'))
    .pipe(z.email(fieldMessage('forms:email.invalid'))),
});
export type AddEmailInput = z.infer<typeof addEmailSchema>;
/**
 * POST /api/accounts/close: closing one's own account (issue 40). Confirmed as the vendor's Close
 * Account is (`confirm`), and with what proves the person: the password of a password account, or
 * a code sent to the number of a phone account (purpose close_account). An account with neither
 * (Google only) is proven by its session, as the vendor's closing is.
 */
export const closeAccountSchema = z.object({
  confirm: z.literal(true, fieldMessage('forms:closeAccount.confirm')),
  password: z.string().max(128, passwordTooLong).optional(),
  code: phoneCodeSchema.optional(),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** What closing asks for: the password, a code to the account's number, or the confirmation alone. */
export const CLOSE_ACCOUNT_PROOFS = ['password', 'phone_code', 'none'] as const;
export type CloseAccountProof = (typeof CLOSE_ACCOUNT_PROOFS)[number];

/** GET /api/accounts/close: what the dialog asks for, and what stops closing now (a shop still open, admin rights). */
export const accountClosingSchema = z.object({
  proof: z.enum(CLOSE_ACCOUNT_PROOFS),
  /** The account's number (E.164) the code goes to, for phone_code. */
  phoneNumber: z.string().nullable(),
  blocker: z.enum(['vendor_open', 'admin']).nullable(),
});
export type AccountClosing = z.infer<typeof accountClosingSchema>;

export const closedAccountSchema = z.object({ closedAt: z.string() });
