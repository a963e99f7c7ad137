import auth from '@shared/i18n/en/auth';

/** Looks a full catalogue key up: the screen's `t` (with the admin's overrides), or the English default. */
export type Translate = (key: string) => string;

const authTexts: Record<string, string> = auth;
/** The catalogue's English text, for callers without a translator (the popup flow's tests). */
export const englishAuthText: Translate = (key) => authTexts[key.slice('auth:'.length)] ?? key;

/** SPEC.md section 8: what the sign-in box shows for a server message. */
export function signInErrorMessage(message: string | undefined, t: Translate = englishAuthText): string {
  if (!message) return t('auth:error.signInFailed');
  if (message === 'Invalid login credentials') return t('auth:error.invalidCredentials');
  if (message === 'Email not confirmed') return t('auth:error.emailNotConfirmed');
  return message;
}

/** SPEC.md section 8: what the sign-up box shows for a server message. */
export function signUpErrorMessage(message: string | undefined, t: Translate = englishAuthText): string {
  if (!message) return t('auth:error.signUpFailed');
  if (message === 'User already registered') return t('auth:error.alreadyRegistered');
  // The sign-up form's own password rule words it the same way (the shared schema names this key).
  if (message.startsWith('Password should be at least')) return t('auth:error.weakPassword');
  return message;
}

/** SPEC.md section 8, social sign-in: the messages the Google popup flow shows, as catalogue keys. */
export const OAUTH_MESSAGE_KEYS = {
  startFailed: 'auth:oauth.startFailed',
  popupBlocked: 'auth:oauth.popupBlocked',
  noUrl: 'auth:oauth.noUrl',
  failed: 'auth:oauth.failed',
  cancelled: 'auth:oauth.cancelled',
  timeout: 'auth:oauth.timeout',
  finalCheckFailed: 'auth:oauth.finalCheckFailed',
  notConfigured: 'auth:oauth.notConfigured',
} as const;

/** The same messages in the catalogue's English. */
export const OAUTH_MESSAGES = Object.fromEntries(
  Object.entries(OAUTH_MESSAGE_KEYS).map(([name, key]) => [name, englishAuthText(key)]),
) as Record<keyof typeof OAUTH_MESSAGE_KEYS, string>;

/**
 * What the popup reports for the `error` code on /auth/callback: our own codes (the start
 * route), the OAuth ones a provider sends, and Better Auth's callback codes.
 */
export function oauthErrorMessage(code: string, t: Translate = englishAuthText): string {
  switch (code) {
    case 'google_not_configured':
      return t(OAUTH_MESSAGE_KEYS.notConfigured);
    case 'no_oauth_url':
      return t(OAUTH_MESSAGE_KEYS.noUrl);
    case 'oauth_failed':
      return t(OAUTH_MESSAGE_KEYS.startFailed);
    case 'access_denied':
      return t(OAUTH_MESSAGE_KEYS.cancelled);
    case 'email_not_found':
      return t('auth:oauth.emailNotFound');
    case 'account_not_linked':
      return t('auth:oauth.accountNotLinked');
    case 'account_disabled':
      return t('auth:oauth.accountDisabled');
    case 'two_factor_password_sign_in':
      return t('auth:oauth.twoFactorPasswordSignIn');
    default:
      return t(OAUTH_MESSAGE_KEYS.failed);
  }
}
