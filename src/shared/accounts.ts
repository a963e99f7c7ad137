import { z } from 'zod';
import { CITIES } from './places';
import { GENDERS, PASSWORD_MIN_LENGTH, WEAK_PASSWORD_MESSAGE } from './users';

/** First and last names: required on sign-up and in the profile, at most this long. */
export const NAME_MAX_LENGTH = 60;

export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password.';

const email = z
  .string({ error: MISSING_CREDENTIALS_MESSAGE })
  .trim()
  .min(1, MISSING_CREDENTIALS_MESSAGE)
  .max(254, 'Email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));
const password = z
  .string({ error: MISSING_CREDENTIALS_MESSAGE })
  .min(1, MISSING_CREDENTIALS_MESSAGE)
  .max(128, 'Password is too long.');

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z
    .string({ error: 'First name is required.' })
    .trim()
    .min(1, 'First name is required.')
    .max(NAME_MAX_LENGTH, 'First name is too long.'),
  surname: z
    .string({ error: 'Last name is required.' })
    .trim()
    .min(1, 'Last name is required.')
    .max(NAME_MAX_LENGTH, 'Last name is too long.'),
  email,
  password: password.refine((value) => value.length >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD_MESSAGE),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const passwordResetRequestSchema = z.object({ email });
export const passwordResetCompleteSchema = z.object({
  token: z.string().min(1, 'The reset link is not valid.').max(200),
  password: z.string().min(PASSWORD_MIN_LENGTH, WEAK_PASSWORD_MESSAGE).max(128, 'Password is too long.'),
});
export const verifyEmailSchema = z.object({ token: z.string().min(1, 'The verification link is not valid.').max(200) });

const phonePattern = /^\+?[0-9][0-9 -]{6,18}$/;

export const profileSchema = z.object({
  name: z.string().trim().min(1, 'First name is required.').max(NAME_MAX_LENGTH, 'First name is too long.'),
  surname: z.string().trim().min(1, 'Last name is required.').max(NAME_MAX_LENGTH, 'Last name is too long.'),
  phone: z.string().trim().regex(phonePattern, 'Please enter a valid phone number, for example +92 300 1234567.'),
  city: z.enum(CITIES, { error: 'Please choose a city from the list.' }),
  dateOfBirth: z.iso.date({ error: 'Please enter a valid date of birth.' }).refine((value) => {
    const date = new Date(value);
    const now = new Date();
    return date < now && date.getFullYear() >= 1900;
  }, 'Please enter a valid date of birth.'),
  gender: z.enum(GENDERS, { error: 'Please choose a gender.' }),
});
export type ProfileInput = z.infer<typeof profileSchema>;

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
      email: z.string(),
      name: z.string(),
      surname: z.string(),
      verified: z.boolean(),
      roles: z.array(z.enum(['customer', 'vendor', 'staff', 'admin'])),
      isAdmin: z.boolean(),
      /** Sign-in asks for an authenticator-app code; admins need it on (PRODUCT.md section 3). */
      twoFactorEnabled: z.boolean(),
      membership: membershipSchema.nullable(),
    })
    .nullable(),
  features: z.object({ google: z.boolean(), demoMode: z.boolean() }),
});
export type Me = z.infer<typeof meSchema>;

/** Sign-in's answer: signed in (user set), or the password was right and a code is asked next. */
export const signInResponseSchema = meSchema.extend({ twoFactorRequired: z.boolean() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const TWO_FACTOR_CODE_MESSAGE = 'Please enter the 6-digit code from your authenticator app, or a backup code.';

/** A 6-digit code from the app, or one of the backup codes (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_CODE_MESSAGE })
    .trim()
    .min(6, TWO_FACTOR_CODE_MESSAGE)
    .max(20, TWO_FACTOR_CODE_MESSAGE),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** An app code is six digits (spaces, as some apps show them, are ignored); anything else is a backup code. */
export function isAppCode(code: string): boolean {
  return /^[0-9]{6}$/.test(code.replace(/\s/g, ''));
}

/** Turning two-factor on or off asks for the password again. */
export const twoFactorPasswordSchema = z.object({
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(128, 'Password is too long.'),
});
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordSchema>;

/** What enrolment shows once: the authenticator link (as a QR code), its secret for typing, the backup codes. */
export const twoFactorEnrolmentSchema = z.object({
  otpauthUri: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const profileResponseSchema = z.object({
  email: z.string(),
  emailConfirmed: z.boolean(),
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
