import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminUsers } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import type { Executor } from '@server/db/client';
import { signUpUser } from '@server/test/factories';
import { crossSiteMessage, JSON_REQUIRED_MESSAGE } from './same-origin-writes';
import { signUpAdmin } from '@server/test/two-factor-factory';

const OWN_ORIGIN = 'http://localhost:3000';
const EVIL_ORIGIN = 'https://evil.example';

async function adminAndTarget(app: FastifyInstance, db: Executor) {
  const admin = await signUpAdmin(app, db, { name: 'Platform', surname: 'Admin' });
  const target = await signUpUser(app, { name: 'Mallory' });
  return { admin, target };
}

async function isAdmin(db: Executor, email: string) {
  return (await db.select().from(adminUsers).where(eq(adminUsers.email, email))).length > 0;
}

describe('state-changing requests that carry the session cookie', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  function makeAdmin(
    cookie: string,
    userId: string,
    headers: Record<string, string>,
    payload?: InjectOptions['payload'],
  ) {
    return context.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/admin`,
      headers: { cookie, ...headers },
      payload,
    });
  }

  it('refuses "make this user an admin" posted as text/plain from another site, and changes nothing', async () => {
    const { admin, target } = await adminAndTarget(context.app, db());
    const response = await makeAdmin(
      admin.cookie,
      target.id,
      { origin: EVIL_ORIGIN, 'content-type': 'text/plain' },
      'hello',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'cross_site_request', message: crossSiteMessage(OWN_ORIGIN) } });
    expect(await isAdmin(db(), target.email)).toBe(false);
  });

  it('refuses a JSON write from another origin, and one marked cross-site without an Origin', async () => {
    const { admin, target } = await adminAndTarget(context.app, db());
    const refused: Array<Record<string, string>> = [
      { origin: EVIL_ORIGIN, 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'application/json' },
      { origin: 'http://localhost:3000.evil.example', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
    ];
    for (const headers of refused) {
      const response = await makeAdmin(admin.cookie, target.id, headers, '{}');
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error.code).toBe('cross_site_request');
    }
    expect(await isAdmin(db(), target.email)).toBe(false);
  });

  it('refuses form and text bodies from our own origin: only JSON', async () => {
    const { admin, target } = await adminAndTarget(context.app, db());
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['text/plain', '{}'],
      ['application/json-patch+json', '{}'],
    ] as const) {
      const response = await makeAdmin(
        admin.cookie,
        target.id,
        { origin: OWN_ORIGIN, 'content-type': contentType },
        body,
      );
      expect(response.statusCode, contentType).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'json_required', message: JSON_REQUIRED_MESSAGE } });
    }
    expect(await isAdmin(db(), target.email)).toBe(false);
  });

  it('lets our own pages write: same origin with JSON or no body, or Sec-Fetch-Site same-origin', async () => {
    const { admin, target } = await adminAndTarget(context.app, db());
    const granted = await makeAdmin(admin.cookie, target.id, { origin: OWN_ORIGIN });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await isAdmin(db(), target.email)).toBe(true);
    const revoked = await context.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.id}/admin`,
      headers: {
        cookie: admin.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json; charset=utf-8',
      },
      payload: '{}',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await isAdmin(db(), target.email)).toBe(false);
  });

  it('lets a program without Origin or Sec-Fetch-Site through, still JSON only', async () => {
    const { admin, target } = await adminAndTarget(context.app, db());
    const text = await makeAdmin(admin.cookie, target.id, { 'content-type': 'text/plain' }, 'x');
    expect(text.statusCode).toBe(403);
    expect(text.json().error.code).toBe('json_required');
    const json = await makeAdmin(admin.cookie, target.id, { 'content-type': 'application/json' }, '{}');
    expect(json.statusCode, json.body).toBe(200);
  });

  it('does not stand in the way of requests without the session cookie', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      headers: { origin: EVIL_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'nobody@example.pk', password: 'wrong-password' },
    });
    expect(response.statusCode).not.toBe(403);
    expect(response.json().error.code).not.toBe('cross_site_request');
  });

  it('leaves reads alone', async () => {
    const { admin } = await adminAndTarget(context.app, db());
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { cookie: admin.cookie, origin: EVIL_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the Vite dev server in development', () => {
  const context = useTestApp({ NODE_ENV: 'development' });

  it("accepts the dev server's origin, which the proxy passes on with the browser's Host", async () => {
    const user = await signUpUser(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/email-preferences/unsubscribe',
      headers: { cookie: user.cookie, origin: 'http://localhost:5173', host: 'localhost:5173' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const foreign = await context.app.inject({
      method: 'POST',
      url: '/api/email-preferences/resubscribe',
      headers: { cookie: user.cookie, origin: EVIL_ORIGIN, host: 'localhost:5173' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('another spelling of a loopback PUBLIC_URL', () => {
  function unsubscribe(app: FastifyInstance, cookie: string, headers: Record<string, string>) {
    return app.inject({ method: 'POST', url: '/api/email-preferences/unsubscribe', headers: { cookie, ...headers } });
  }

  describe('in development', () => {
    const context = useTestApp({ NODE_ENV: 'development' });

    it('accepts 127.0.0.1 and [::1] for localhost on the same scheme and port, and nothing else', async () => {
      const user = await signUpUser(context.app);
      // The Host the server sees is its own (localhost:80 here), not the page's, as behind a proxy.
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
        const response = await unsubscribe(context.app, user.cookie, { origin });
        expect(response.statusCode, `${origin}: ${response.body}`).toBe(200);
      }
      for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://10.0.0.7:3000', EVIL_ORIGIN]) {
        const response = await unsubscribe(context.app, user.cookie, { origin });
        expect(response.statusCode, origin).toBe(403);
        expect(response.json().error.code).toBe('cross_site_request');
      }
    });
  });

  describe('outside development', () => {
    const context = useTestApp();

    it("is refused with the address the server expects, in the reader's language, and changes nothing", async () => {
      const user = await signUpUser(context.app);
      const response = await unsubscribe(context.app, user.cookie, { origin: 'http://127.0.0.1:3000' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'cross_site_request',
        message:
          'This request came from another website or address, so it was refused. This server expects http://localhost:3000: open Chaska there and try again.',
      });
      const urdu = await unsubscribe(context.app, user.cookie, {
        origin: 'http://127.0.0.1:3000',
        'accept-language': 'ur',
      });
      expect(urdu.json().error.message).toContain('http://localhost:3000');
      expect(urdu.json().error.message).toMatch(/[\u0600-\u06FF]/);
      const preferences = await context.app.inject({
        method: 'GET',
        url: '/api/email-preferences',
        headers: { cookie: user.cookie },
      });
      expect(preferences.json().preferences.unsubscribed).toBe(false);
    });
  });
});

describe('the dev server origin outside development', () => {
  const context = useTestApp();

  it('is another origin like any other', async () => {
    const user = await signUpUser(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/email-preferences/unsubscribe',
      headers: { cookie: user.cookie, origin: 'http://localhost:5173', host: 'localhost:5173' },
    });
    expect(response.statusCode).toBe(403);
  });
});
