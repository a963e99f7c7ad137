import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { E2E_ADMIN_EMAIL } from './accounts';

export const E2E_PASSWORD = 'karahi-and-chai-42';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.pk`;
}

function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs up through the API (not the UI) and returns the session cookie, for journeys that start signed in. */
export async function signUpViaApi(baseUrl: string, overrides: Partial<{ email: string; name: string; surname: string; password: string }> = {}) {
  const body = { name: 'Hira', surname: 'Qureshi', email: uniqueEmail(), password: E2E_PASSWORD, ...overrides };
  const response = await fetch(`${baseUrl}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const me = (await response.json()) as { user: { id: string } };
  return { ...body, id: me.user.id, cookie: cookieHeader(response) };
}

export async function signInViaApi(baseUrl: string, email: string, password = E2E_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

/** The admin of the end-to-end server (granted by ADMIN_EMAILS); created on first use. */
export async function adminCookie(baseUrl: string): Promise<string> {
  try {
    return await signInViaApi(baseUrl, E2E_ADMIN_EMAIL);
  } catch {
    return (await signUpViaApi(baseUrl, { email: E2E_ADMIN_EMAIL, name: 'Platform', surname: 'Admin' })).cookie;
  }
}

/** Signs a browser context in through the API: its cookies are the browser's cookies. */
export async function signInBrowser(context: BrowserContext, email: string, password = E2E_PASSWORD): Promise<void> {
  const response = await context.request.post('/api/accounts/sign-in', { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
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

/** Approves a vendor application as the platform admin, through the admin API. */
export async function approveVendor(baseUrl: string, vendorId: string): Promise<void> {
  const cookie = await adminCookie(baseUrl);
  const response = await fetch(`${baseUrl}/api/admin/vendors/${vendorId}/approve`, { method: 'POST', headers: { cookie } });
  if (!response.ok) throw new Error(`approve failed: ${response.status} ${await response.text()}`);
}
