import { describe, expect, it } from 'vitest';
import {
  isAppCode,
  OAUTH_MESSAGES,
  oauthErrorMessage,
  profileSchema,
  signInErrorMessage,
  signUpErrorMessage,
  signUpSchema,
  twoFactorCodeSchema,
} from './accounts';

describe('signInErrorMessage (SPEC.md section 8, sign in)', () => {
  it('explains wrong credentials', () => {
    expect(signInErrorMessage('Invalid login credentials')).toBe(
      'The email or password you entered is incorrect. Please try again.',
    );
  });

  it('asks to confirm the e-mail first', () => {
    expect(signInErrorMessage('Email not confirmed')).toBe(
      'Please check your email and confirm your account before signing in.',
    );
  });

  it('shows any other message as it is', () => {
    expect(signInErrorMessage('Too many attempts. Please wait 60 seconds and try again.')).toBe(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
  });

  it('falls back to "Failed to sign in" without a message', () => {
    expect(signInErrorMessage(undefined)).toBe('Failed to sign in');
    expect(signInErrorMessage('')).toBe('Failed to sign in');
  });
});

describe('signUpErrorMessage (SPEC.md section 8, sign up)', () => {
  it('points an existing address to sign in', () => {
    expect(signUpErrorMessage('User already registered')).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it('reports any "Password should be at least" message as the 6-character rule', () => {
    expect(signUpErrorMessage('Password should be at least 8 characters.')).toBe(
      'Password should be at least 6 characters long.',
    );
    expect(signUpErrorMessage('Password should be at least 6 characters long.')).toBe(
      'Password should be at least 6 characters long.',
    );
  });

  it('shows any other message as it is', () => {
    expect(signUpErrorMessage('Please enter a valid email address.')).toBe('Please enter a valid email address.');
  });

  it('falls back to "Failed to sign up" without a message', () => {
    expect(signUpErrorMessage(undefined)).toBe('Failed to sign up');
    expect(signUpErrorMessage('')).toBe('Failed to sign up');
  });
});

describe('oauthErrorMessage', () => {
  it('maps the codes of the start route', () => {
    expect(oauthErrorMessage('google_not_configured')).toBe(OAUTH_MESSAGES.notConfigured);
    expect(oauthErrorMessage('no_oauth_url')).toBe('No OAuth URL returned');
    expect(oauthErrorMessage('oauth_failed')).toBe('Failed to sign in with Google');
  });

  it('treats a refused consent as a cancellation', () => {
    expect(oauthErrorMessage('access_denied')).toBe('Authentication was cancelled');
  });

  it('explains the account problems a person can act on', () => {
    expect(oauthErrorMessage('email_not_found')).toMatch(/did not share an e-mail address/);
    expect(oauthErrorMessage('account_not_linked')).toMatch(/already exists/);
  });

  it('falls back to "OAuth authentication failed" for anything else', () => {
    expect(oauthErrorMessage('server_error')).toBe('OAuth authentication failed');
    expect(oauthErrorMessage('invalid_code')).toBe('OAuth authentication failed');
  });
});

describe('form schemas', () => {
  it('requires a 6-character password on sign-up with SPEC.md wording', () => {
    const result = signUpSchema.safeParse({ name: 'Ali', surname: 'Raza', email: 'ali@example.pk', password: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'Password should be at least 6 characters long.',
    );
  });

  it('accepts a complete profile and refuses a city outside the list', () => {
    const profile = {
      name: 'Sana',
      surname: 'Malik',
      phone: '+92 300 1234567',
      city: 'Lahore',
      dateOfBirth: '1995-03-14',
      gender: 'female',
    };
    expect(profileSchema.safeParse(profile).success).toBe(true);
    expect(profileSchema.safeParse({ ...profile, city: 'Dubai' }).success).toBe(false);
    expect(profileSchema.safeParse({ ...profile, dateOfBirth: '2999-01-01' }).success).toBe(false);
  });
});

describe('two-factor codes', () => {
  it('tells an app code (six digits, spaces allowed) from a backup code', () => {
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode('123 456')).toBe(true);
    expect(isAppCode('12345')).toBe(false);
    expect(isAppCode('aB3dE-fG5hJ')).toBe(false);
  });

  it('asks for a code with one clear sentence', () => {
    const result = twoFactorCodeSchema.safeParse({ code: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Please enter the 6-digit code from your authenticator app, or a backup code.',
    );
  });

  it('explains the new Google refusals', () => {
    expect(oauthErrorMessage('account_disabled')).toBe('This account has been disabled. Please contact support.');
    expect(oauthErrorMessage('two_factor_password_sign_in')).toBe(
      'Your account uses two-factor sign-in. Please sign in with your e-mail, password and authentication code.',
    );
  });
});
