import { describe, expect, it } from 'vitest';
import { isOnTheWayToApply, nextPathAfterSignIn } from './next-path';

describe('nextPathAfterSignIn', () => {
  it('goes to /user by default', () => {
    expect(nextPathAfterSignIn(null)).toBe('/user');
    expect(nextPathAfterSignIn('')).toBe('/user');
  });

  it('keeps a path on this site with its query', () => {
    expect(nextPathAfterSignIn('/vendor/billing?success=true')).toBe('/vendor/billing?success=true');
    expect(nextPathAfterSignIn('/complete-profile')).toBe('/complete-profile');
  });

  it('refuses other sites and tricks that reach them', () => {
    for (const value of [
      'https://evil.example/user',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'user',
    ]) {
      expect(nextPathAfterSignIn(value), value).toBe('/user');
    }
  });

  it('never comes back to the sign-in screens', () => {
    expect(nextPathAfterSignIn('/auth')).toBe('/user');
    expect(nextPathAfterSignIn('/auth/callback?error=x')).toBe('/user');
  });
});

describe('isOnTheWayToApply', () => {
  it('is true when the vendor application comes next, with or without a query', () => {
    expect(isOnTheWayToApply('/vendor-signup')).toBe(true);
    expect(isOnTheWayToApply('/vendor-signup?from=pricing')).toBe(true);
  });

  it('is false for any other page, none, or an address off this site', () => {
    expect(isOnTheWayToApply(null)).toBe(false);
    expect(isOnTheWayToApply('/vendor')).toBe(false);
    expect(isOnTheWayToApply('/vendor-signup-not')).toBe(false);
    expect(isOnTheWayToApply('//evil.example/vendor-signup')).toBe(false);
  });
});
