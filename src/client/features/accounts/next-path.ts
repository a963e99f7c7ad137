const AFTER_SIGN_IN = '/user';

/** The vendor application form: /auth reads as its first step when it is where the visitor goes next. */
export const VENDOR_APPLICATION_PATH = '/vendor-signup';

/**
 * Where to go after signing in: the `next` the guards put in /auth?next=..., but only a path on
 * this site (never `//evil.example` or `https://...`, which would make /auth an open redirect).
 */
export function nextPathAfterSignIn(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return AFTER_SIGN_IN;
  // Control characters could smuggle a different host past the checks above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return AFTER_SIGN_IN;
  const url = new URL(next, 'https://chaska.invalid');
  if (url.origin !== 'https://chaska.invalid') return AFTER_SIGN_IN;
  // Coming back to the sign-in screens would loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Signing in on the way to the vendor application (/auth?next=/vendor-signup): /auth is its first step. */
export function isOnTheWayToApply(next: string | null | undefined): boolean {
  return new URL(nextPathAfterSignIn(next), 'https://chaska.invalid').pathname === VENDOR_APPLICATION_PATH;
}
