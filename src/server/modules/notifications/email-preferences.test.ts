import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PREFERENCE_DEFAULTS,
  SECURITY_ALERTS_LOCKED_MESSAGE,
  UNSUBSCRIBED_CANNOT_SAVE_MESSAGE,
} from '@shared/notifications/email';
import { emailPreferences } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';

const validUpdate = {
  welcome_emails: false,
  stamp_notifications: true,
  reward_notifications: false,
  daily_chaska: false,
  hourly_chaska: true,
  vendor_updates: false,
  marketing_emails: true,
  frequency: 'weekly',
};

describe('/api/email-preferences', () => {
  const context = useTestApp();

  const get = (cookie?: string) =>
    context.app.inject({ method: 'GET', url: '/api/email-preferences', headers: cookie ? { cookie } : {} });
  const put = (cookie: string | undefined, payload: unknown) =>
    context.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const post = (cookie: string | undefined, action: 'unsubscribe' | 'resubscribe') =>
    context.app.inject({ method: 'POST', url: `/api/email-preferences/${action}`, headers: cookie ? { cookie } : {} });

  it('answers the SPEC.md section 9 defaults, with the digest schedule', async () => {
    const user = await signUpUser(context.app);
    const response = await get(user.cookie);
    expect(response.statusCode).toBe(200);
    const { preferences, digest } = response.json();
    const { updated_at: updatedAt, push, whatsapp, sms, ...flags } = preferences;
    expect(flags).toEqual(EMAIL_PREFERENCE_DEFAULTS);
    // Each category's push toggle starts as its e-mail one does (decision 043).
    const { security_alerts: _locked, frequency: _f, unsubscribed: _u, ...toggles } = EMAIL_PREFERENCE_DEFAULTS;
    expect(push).toEqual(toggles);
    // WhatsApp and SMS start off, every one (decision 081).
    const off = Object.fromEntries(Object.keys(toggles).map((key) => [key, false]));
    expect([whatsapp, sms]).toEqual([off, off]);
    expect(typeof updatedAt).toBe('string');
    expect(digest).toEqual({ hour: 9, weekday: 'Monday', timeZone: 'Asia/Karachi' });
  });

  it('creates the default record on first read when it is missing', async () => {
    const user = await signUpUser(context.app);
    await context.database.db.delete(emailPreferences).where(eq(emailPreferences.userId, user.id));
    const response = await get(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences.welcome_emails).toBe(true);
    const rows = await context.database.db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('saves the seven toggles and the frequency, and reads them back', async () => {
    const user = await signUpUser(context.app);
    const saved = await put(user.cookie, validUpdate);
    expect(saved.statusCode).toBe(200);
    const reread = (await get(user.cookie)).json().preferences;
    expect(reread).toMatchObject({ ...validUpdate, security_alerts: true, unsubscribed: false });
  });

  it('saves the push toggles beside the e-mail ones, and keeps them when a save leaves them out', async () => {
    const user = await signUpUser(context.app);
    const push = { ...validUpdate, frequency: undefined, stamp_notifications: false, daily_chaska: true };
    delete push.frequency;
    expect((await put(user.cookie, { ...validUpdate, push })).statusCode).toBe(200);
    expect((await get(user.cookie)).json().preferences.push).toEqual(push);
    expect((await put(user.cookie, { ...validUpdate, frequency: 'daily' })).statusCode).toBe(200);
    const reread = (await get(user.cookie)).json().preferences;
    expect([reread.frequency, reread.push]).toEqual(['daily', push]);
    const refused = await put(user.cookie, { ...validUpdate, push: { ...push, stamp_notifications: 'yes' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['push.stamp_notifications']);
  });

  it('keeps security alerts on: true is accepted, false refused with a clear message', async () => {
    const user = await signUpUser(context.app);
    expect((await put(user.cookie, { ...validUpdate, security_alerts: true })).statusCode).toBe(200);
    const refused = await put(user.cookie, { ...validUpdate, frequency: 'daily', security_alerts: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`security_alerts: ${SECURITY_ALERTS_LOCKED_MESSAGE}`);
    // Nothing changed: the refused request asked for daily.
    expect((await get(user.cookie)).json().preferences.frequency).toBe('weekly');
  });

  it.each([
    [
      'an unknown frequency',
      { ...validUpdate, frequency: 'hourly' },
      'frequency: Frequency must be immediate, daily, weekly or never.',
    ],
    [
      'a toggle that is not a boolean',
      { ...validUpdate, welcome_emails: 'yes' },
      'welcome_emails: Welcome emails must be true or false.',
    ],
    ['missing toggles', { frequency: 'daily' }, 'welcome_emails: Welcome emails must be true or false.'],
    [
      'a null toggle',
      { ...validUpdate, marketing_emails: null },
      'marketing_emails: Marketing emails must be true or false.',
    ],
  ])('refuses %s with 400 and a readable message', async (_label, payload, message) => {
    const user = await signUpUser(context.app);
    const before = (await get(user.cookie)).json().preferences;
    const response = await put(user.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect((await get(user.cookie)).json().preferences).toEqual(before);
  });

  it('ignores an attempt to unsubscribe through PUT: that has its own call', async () => {
    const user = await signUpUser(context.app);
    const response = await put(user.cookie, { ...validUpdate, unsubscribed: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences.unsubscribed).toBe(false);
  });

  it('unsubscribes and resubscribes; saving is refused while unsubscribed', async () => {
    const user = await signUpUser(context.app);
    const unsubscribed = await post(user.cookie, 'unsubscribe');
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json().preferences.unsubscribed).toBe(true);
    expect((await get(user.cookie)).json().preferences.unsubscribed).toBe(true);

    const refused = await put(user.cookie, validUpdate);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(UNSUBSCRIBED_CANNOT_SAVE_MESSAGE);

    const resubscribed = await post(user.cookie, 'resubscribe');
    expect(resubscribed.statusCode).toBe(200);
    expect(resubscribed.json().preferences.unsubscribed).toBe(false);
    // The toggles survive an unsubscribe and a resubscribe untouched.
    expect(resubscribed.json().preferences.welcome_emails).toBe(true);
    expect((await put(user.cookie, validUpdate)).statusCode).toBe(200);
  });

  it('refuses every call when signed out', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, validUpdate)).statusCode).toBe(401);
    expect((await post(undefined, 'unsubscribe')).statusCode).toBe(401);
    expect((await post(undefined, 'resubscribe')).statusCode).toBe(401);
  });

  it('changes only the signed-in user', async () => {
    const first = await signUpUser(context.app);
    const second = await signUpUser(context.app);
    await post(first.cookie, 'unsubscribe');
    expect((await get(second.cookie)).json().preferences.unsubscribed).toBe(false);
  });
});
