import { WEAK_PASSWORD_MESSAGE } from './users';

/** SPEC.md section 8: what the sign-in box shows for a server message. */
export function signInErrorMessage(message: string | undefined): string {
  if (!message) return 'Failed to sign in';
  if (message === 'Invalid login credentials')
    return 'The email or password you entered is incorrect. Please try again.';
  if (message === 'Email not confirmed') return 'Please check your email and confirm your account before signing in.';
  return message;
}

/** SPEC.md section 8: what the sign-up box shows for a server message. */
export function signUpErrorMessage(message: string | undefined): string {
  if (!message) return 'Failed to sign up';
  if (message === 'User already registered')
    return 'An account with this email already exists. Please sign in instead.';
  if (message.startsWith('Password should be at least')) return WEAK_PASSWORD_MESSAGE;
  return message;
}

/** SPEC.md section 8, social sign-in: the messages the Google popup flow shows. */
export const OAUTH_MESSAGES = {
  startFailed: 'Failed to sign in with Google',
  popupBlocked: 'Popup blocked. Please allow popups and try again.',
  noUrl: 'No OAuth URL returned',
  failed: 'OAuth authentication failed',
  cancelled: 'Authentication was cancelled',
  timeout: 'Authentication timeout',
  finalCheckFailed: 'Final authentication check failed',
  notConfigured: 'Google sign-in is not set up on this server.',
} as const;

/**
 * What the popup reports for the `error` code on /auth/callback: our own codes (the start
 * route), the OAuth ones a provider sends, and Better Auth's callback codes.
 */
export function oauthErrorMessage(code: string): string {
  switch (code) {
    case 'google_not_configured':
      return OAUTH_MESSAGES.notConfigured;
    case 'no_oauth_url':
      return OAUTH_MESSAGES.noUrl;
    case 'oauth_failed':
      return OAUTH_MESSAGES.startFailed;
    case 'access_denied':
      return OAUTH_MESSAGES.cancelled;
    case 'email_not_found':
      return 'Google did not share an e-mail address with us. Please sign up with your e-mail instead.';
    case 'account_not_linked':
      return 'An account with this email already exists. Please sign in with your password instead.';
    case 'account_disabled':
      return 'This account has been disabled. Please contact support.';
    case 'two_factor_password_sign_in':
      return 'Your account uses two-factor sign-in. Please sign in with your e-mail, password and authentication code.';
    default:
      return OAUTH_MESSAGES.failed;
  }
}
