import type {
  addEmailSchema,
  accountClosingSchema,
  addPhoneSchema,
  closeAccountSchema,
  closedAccountSchema,
  firstNameSchema,
  meSchema,
  phoneCodeRequestSchema,
  phoneCodeSentSchema,
  phoneSignInSchema,
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
} from '@shared/accounts/accounts';
import type {
  adminCloseUserSchema,
  adminClosedUserSchema,
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  userListQuerySchema,
} from '@shared/accounts/admin-users';
import type { ApiRoute } from '@shared/api-route';
import type { okSchema } from '@shared/ok';

/** The accounts domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

export const signUp: ApiRoute<
  'POST',
  '/api/accounts/sign-up',
  { body: typeof signUpSchema; response: typeof meSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/sign-up',
};

export const signIn: ApiRoute<
  'POST',
  '/api/accounts/sign-in',
  { body: typeof signInSchema; response: typeof signInResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/sign-in',
};

export const signOut: ApiRoute<'POST', '/api/accounts/sign-out', { response: typeof okSchema }, 200> = {
  method: 'POST',
  path: '/api/accounts/sign-out',
};

export const signOutEverywhere: ApiRoute<
  'POST',
  '/api/accounts/sign-out-everywhere',
  { response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/sign-out-everywhere',
};

export const verifyEmail: ApiRoute<
  'POST',
  '/api/accounts/verify-email',
  { body: typeof verifyEmailSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/verify-email',
};

export const resendVerification: ApiRoute<
  'POST',
  '/api/accounts/verification/resend',
  { response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/verification/resend',
};

export const requestPasswordReset: ApiRoute<
  'POST',
  '/api/accounts/password-reset/request',
  { body: typeof passwordResetRequestSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/password-reset/request',
};

export const checkResetToken: ApiRoute<
  'GET',
  '/api/accounts/password-reset/check',
  { query: typeof passwordResetCheckQuerySchema; response: typeof okSchema },
  200
> = {
  method: 'GET',
  path: '/api/accounts/password-reset/check',
};

export const completePasswordReset: ApiRoute<
  'POST',
  '/api/accounts/password-reset/complete',
  { body: typeof passwordResetCompleteSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/password-reset/complete',
};

export const getProfile: ApiRoute<'GET', '/api/accounts/profile', { response: typeof profileResponseSchema }, 200> = {
  method: 'GET',
  path: '/api/accounts/profile',
};

export const updateProfile: ApiRoute<
  'PUT',
  '/api/accounts/profile',
  { body: typeof profileSchema; response: typeof profileResponseSchema },
  200
> = {
  method: 'PUT',
  path: '/api/accounts/profile',
};

export const signInWithCode: ApiRoute<
  'POST',
  '/api/accounts/sign-in/two-factor',
  { body: typeof twoFactorCodeSchema; response: typeof meSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/sign-in/two-factor',
};

export const startTwoFactor: ApiRoute<
  'POST',
  '/api/accounts/two-factor/enable',
  { body: typeof twoFactorPasswordSchema; response: typeof twoFactorEnrolmentSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/two-factor/enable',
};

export const confirmTwoFactor: ApiRoute<
  'POST',
  '/api/accounts/two-factor/confirm',
  { body: typeof twoFactorCodeSchema; response: typeof meSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/two-factor/confirm',
};

export const turnOffTwoFactor: ApiRoute<
  'POST',
  '/api/accounts/two-factor/disable',
  { body: typeof twoFactorPasswordSchema; response: typeof meSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/two-factor/disable',
};

// Users
export const users: ApiRoute<
  'GET',
  '/api/admin/users',
  { query: typeof userListQuerySchema; response: typeof adminUserPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/users',
};

export const user: ApiRoute<'GET', '/api/admin/users/:id', { response: typeof adminUserDetailSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/users/:id',
};

export const disableUser: ApiRoute<
  'POST',
  '/api/admin/users/:id/disable',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/disable',
};

export const enableUser: ApiRoute<
  'POST',
  '/api/admin/users/:id/enable',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/enable',
};

export const grantAdmin: ApiRoute<
  'POST',
  '/api/admin/users/:id/admin',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/admin',
};

export const revokeAdmin: ApiRoute<
  'DELETE',
  '/api/admin/users/:id/admin',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/admin/users/:id/admin',
};

export const sendPhoneCode: ApiRoute<
  'POST',
  '/api/accounts/phone/code',
  { body: typeof phoneCodeRequestSchema; response: typeof phoneCodeSentSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/phone/code',
};

export const signInWithPhone: ApiRoute<
  'POST',
  '/api/accounts/phone/sign-in',
  { body: typeof phoneSignInSchema; response: typeof signInResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/phone/sign-in',
};

export const addPhone: ApiRoute<
  'POST',
  '/api/accounts/phone/add',
  { body: typeof addPhoneSchema; response: typeof meSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/phone/add',
};

export const setFirstName: ApiRoute<
  'PUT',
  '/api/accounts/first-name',
  { body: typeof firstNameSchema; response: typeof meSchema },
  200
> = {
  method: 'PUT',
  path: '/api/accounts/first-name',
};

export const addEmail: ApiRoute<
  'POST',
  '/api/accounts/email',
  { body: typeof addEmailSchema; response: typeof profileResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/email',
};

// Closing one's account (the JSON download is GET /api/accounts/export, a file)
export const accountClosing: ApiRoute<'GET', '/api/accounts/close', { response: typeof accountClosingSchema }, 200> = {
  method: 'GET',
  path: '/api/accounts/close',
};

export const closeAccount: ApiRoute<
  'POST',
  '/api/accounts/close',
  { body: typeof closeAccountSchema; response: typeof closedAccountSchema },
  200
> = {
  method: 'POST',
  path: '/api/accounts/close',
};

export const closeUser: ApiRoute<
  'POST',
  '/api/admin/users/:id/close',
  { body: typeof adminCloseUserSchema; response: typeof adminClosedUserSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/close',
};
