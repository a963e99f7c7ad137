import type {
  meSchema,
  passwordResetCheckQuerySchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  profileSchema,
  signInResponseSchema,
  signInSchema,
  signUpSchema,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorPasswordSchema,
  verifyEmailSchema,
} from '@shared/accounts';
import type { okSchema } from '@shared/ok';
import { route } from './route';

/** Accounts: "who am I", sign-up and sign-in, e-mail verification, password reset, profile, two-factor. */
export const accountsApi = {
  me: route<{ response: typeof meSchema }>()('GET', '/api/me'),
  signUp: route<{ body: typeof signUpSchema; response: typeof meSchema }>()('POST', '/api/accounts/sign-up'),
  signIn: route<{ body: typeof signInSchema; response: typeof signInResponseSchema }>()(
    'POST',
    '/api/accounts/sign-in',
  ),
  signOut: route<{ response: typeof okSchema }>()('POST', '/api/accounts/sign-out'),
  signOutEverywhere: route<{ response: typeof okSchema }>()('POST', '/api/accounts/sign-out-everywhere'),
  verifyEmail: route<{ body: typeof verifyEmailSchema; response: typeof okSchema }>()(
    'POST',
    '/api/accounts/verify-email',
  ),
  resendVerification: route<{ response: typeof okSchema }>()('POST', '/api/accounts/verification/resend'),
  requestPasswordReset: route<{ body: typeof passwordResetRequestSchema; response: typeof okSchema }>()(
    'POST',
    '/api/accounts/password-reset/request',
  ),
  checkResetToken: route<{ query: typeof passwordResetCheckQuerySchema; response: typeof okSchema }>()(
    'GET',
    '/api/accounts/password-reset/check',
  ),
  completePasswordReset: route<{ body: typeof passwordResetCompleteSchema; response: typeof okSchema }>()(
    'POST',
    '/api/accounts/password-reset/complete',
  ),
  getProfile: route<{ response: typeof profileResponseSchema }>()('GET', '/api/accounts/profile'),
  updateProfile: route<{ body: typeof profileSchema; response: typeof profileResponseSchema }>()(
    'PUT',
    '/api/accounts/profile',
  ),
  signInWithCode: route<{ body: typeof twoFactorCodeSchema; response: typeof meSchema }>()(
    'POST',
    '/api/accounts/sign-in/two-factor',
  ),
  startTwoFactor: route<{ body: typeof twoFactorPasswordSchema; response: typeof twoFactorEnrolmentSchema }>()(
    'POST',
    '/api/accounts/two-factor/enable',
  ),
  confirmTwoFactor: route<{ body: typeof twoFactorCodeSchema; response: typeof meSchema }>()(
    'POST',
    '/api/accounts/two-factor/confirm',
  ),
  turnOffTwoFactor: route<{ body: typeof twoFactorPasswordSchema; response: typeof meSchema }>()(
    'POST',
    '/api/accounts/two-factor/disable',
  ),
};
