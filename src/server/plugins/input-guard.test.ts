import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailMessages, users } from '@server/db/schema';
import { findTooDeep } from '@server/lib/input-depth';
import { findUnstorableText } from '@server/lib/storable-text';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, uniqueEmail } from '@server/test/factories';
import { signUpAdmin } from '@server/test/two-factor-factory';

const profile = {
  name: 'Ayesha',
  surname: 'Khan',
  phone: '+92 300 1234567',
  city: 'Lahore',
  dateOfBirth: '1994-05-01',
  gender: 'female',
};

describe('findUnstorableText', () => {
  it('finds a NUL or an unpaired surrogate in strings, keys and nested values, first in reading order', () => {
    expect(findUnstorableText({ a: 'fine', b: ['ok', { c: 'x\u0000y' }], d: '\uD800' })).toEqual({
      path: ['b', '1', 'c'],
      problem: 'nul',
    });
    expect(findUnstorableText({ 'bad\uDC00key': 1 })).toEqual({
      path: ['bad\uDC00key'],
      problem: 'unpaired_surrogate',
    });
    expect(findUnstorableText('tail\uD83C')).toEqual({ path: [], problem: 'unpaired_surrogate' });
  });

  it('lets emoji, right-to-left text and every other character through', () => {
    expect(findUnstorableText({ name: 'مرحبا \u202Eabc 🌶️👨‍👩‍👧 ñ', list: ['\uD83D\uDE00', 0, null, true] })).toBeNull();
  });

  it('walks a deeply nested value without running out of stack', () => {
    let nested: unknown = 'end\u0000';
    for (let depth = 0; depth < 20_000; depth += 1) nested = [nested];
    expect(findUnstorableText(nested)?.problem).toBe('nul');
  });
});

describe('inputs nested deeper than any form', () => {
  const context = useTestApp();

  it("are refused with a 400 naming the top-level field, on every route including Better Auth's", async () => {
    const user = await signUpUser(context.app);
    const deep = `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const url of ['/api/auth/update-user', '/api/accounts/profile']) {
      const response = await context.app.inject({
        method: url.startsWith('/api/auth') ? 'POST' : 'PUT',
        url,
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_failed',
        message: 'name: is nested too deeply (at most 32 levels).',
        fields: { name: 'is nested too deeply (at most 32 levels).' },
      });
    }
  });

  it('lets the nesting of real forms through', async () => {
    expect(findTooDeep({ openingHours: { monday: { open: '09:00' } } })).toBeNull();
    expect(findTooDeep([[[[1]]]], 3)).toEqual(['0', '0', '0']);
  });
});

describe('text inputs with characters the database cannot store', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  it('refuses a NUL in an admin vendor invitation with a 400 naming the field, and sends nothing', async () => {
    const admin = await signUpAdmin(context.app, db(), { name: 'Platform', surname: 'Admin' });
    const invited = uniqueEmail('invited');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/admin/vendor-invitations',
      headers: { cookie: admin.cookie },
      payload: { email: invited, name: 'Karachi Biryani', message: 'Join us\u0000 today' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'message: contains a NUL character, which is not allowed in text.',
        fields: { message: 'contains a NUL character, which is not allowed in text.' },
      },
    });
    expect(await db().select().from(emailMessages).where(eq(emailMessages.toEmail, invited))).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, invited))).toHaveLength(0);
  });

  it('refuses an unpaired surrogate in a profile and keeps the profile as it was', async () => {
    const user = await signUpUser(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      headers: { cookie: user.cookie },
      payload: { ...profile, surname: 'Khan \uD83D' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { surname: 'contains a broken character (an unpaired UTF-16 surrogate), which is not allowed in text.' },
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.phone ?? null).toBeNull();
  });

  it('names a nested field and a query or path parameter', async () => {
    const user = await signUpUser(context.app);
    const nested = await context.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      headers: { cookie: user.cookie },
      payload: { ...profile, extra: [{ note: '\u0000' }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toHaveProperty(['extra.0.note']);

    const query = await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors?search=chai%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toHaveProperty('search');

    const param = await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors/chai%00khana' });
    expect(param.statusCode).toBe(400);
    expect(param.json().error.fields).toHaveProperty('slug');
  });

  it('accepts emoji and right-to-left text', async () => {
    const user = await signUpUser(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      headers: { cookie: user.cookie },
      payload: { ...profile, name: 'عائشہ 🌶️' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().name).toBe('عائشہ 🌶️');
  });
});
