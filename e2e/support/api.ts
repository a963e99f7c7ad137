import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { secretOf, totpCode } from '../../src/server/test/totp';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './accounts';
import { cookiesOf } from './admin-bootstrap';
import { e2eServer } from './server';

export { E2E_PASSWORD };

/** The code the authenticator app of this otpauth link shows now. */
export function currentCode(otpauthUri: string): string {
  return totpCode(secretOf(otpauthUri), new Date());
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.pk`;
}

/** Signs up through the API (not the UI) and returns the session cookie, for journeys that start signed in. */
export async function signUpViaApi(
  baseUrl: string,
  overrides: Partial<{ email: string; name: string; surname: string; password: string }> = {},
) {
  const body = { name: 'Hira', surname: 'Qureshi', email: uniqueEmail(), password: E2E_PASSWORD, ...overrides };
  const response = await fetch(`${baseUrl}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const me = (await response.json()) as { user: { id: string } };
  return { ...body, id: me.user.id, cookie: cookiesOf(response) };
}

export async function signInViaApi(baseUrl: string, email: string, password = E2E_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookiesOf(response);
}

/** Password, then the code from the authenticator app, through the API; returns the session cookie. */
export async function signInWithCodeViaApi(
  baseUrl: string,
  email: string,
  password: string,
  otpauthUri: string,
): Promise<string> {
  const first = await fetch(`${baseUrl}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!first.ok) throw new Error(`sign-in failed: ${first.status} ${await first.text()}`);
  const pending = cookiesOf(first);
  const second = await fetch(`${baseUrl}/api/accounts/sign-in/two-factor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: pending },
    body: JSON.stringify({ code: currentCode(otpauthUri) }),
  });
  if (!second.ok) throw new Error(`two-factor sign-in failed: ${second.status} ${await second.text()}`);
  return cookiesOf(second, pending);
}

/** The admin of the end-to-end server: ADMIN_EMAILS, verified and enrolled in two-factor by the global setup. */
export async function adminCookie(baseUrl: string): Promise<string> {
  return signInWithCodeViaApi(baseUrl, E2E_ADMIN_EMAIL, E2E_PASSWORD, e2eServer().adminOtpauthUri);
}

/** Signs a browser context in through the API: its cookies are the browser's cookies. */
export async function signInBrowser(
  context: BrowserContext,
  email: string,
  password = E2E_PASSWORD,
  otpauthUri?: string,
): Promise<void> {
  const response = await context.request.post('/api/accounts/sign-in', { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  if (!otpauthUri) return;
  const code = await context.request.post('/api/accounts/sign-in/two-factor', {
    data: { code: currentCode(otpauthUri) },
  });
  if (!code.ok()) throw new Error(`two-factor sign-in failed: ${code.status()} ${await code.text()}`);
}

export interface OutboxEmail {
  to: string;
  subject: string;
  type: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** E-mails as the admin outbox shows them, newest first. */
export async function readOutbox(baseUrl: string, to: string, type?: string): Promise<OutboxEmail[]> {
  const cookie = await adminCookie(baseUrl);
  const query = new URLSearchParams({ to, ...(type ? { type } : {}) });
  const response = await fetch(`${baseUrl}/api/admin/emails?${query}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`outbox read failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { messages: OutboxEmail[] }).messages;
}

export function linkFrom(email: OutboxEmail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, (char) => `\\${char}`)}[^\\s]*`).exec(email.text);
  if (!match) throw new Error(`No ${path} link in e-mail "${email.subject}"`);
  return match[0];
}

/** Opens the sign-up's verification link from the outbox, as the person would (a vendor applicant must). */
export async function verifyEmailViaApi(baseUrl: string, email: string): Promise<void> {
  const [message] = await readOutbox(baseUrl, email, 'verification');
  if (!message) throw new Error(`No verification e-mail for ${email}`);
  const token = new URL(linkFrom(message, '/verify-email')).searchParams.get('token');
  const response = await fetch(`${baseUrl}/api/accounts/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`verification failed: ${response.status} ${await response.text()}`);
}

/** Approves a vendor application as the platform admin, through the admin API. */
export async function approveVendor(baseUrl: string, vendorId: string): Promise<void> {
  const cookie = await adminCookie(baseUrl);
  const response = await fetch(`${baseUrl}/api/admin/vendors/${vendorId}/approve`, {
    method: 'POST',
    headers: { cookie },
  });
  if (!response.ok) throw new Error(`approve failed: ${response.status} ${await response.text()}`);
}
