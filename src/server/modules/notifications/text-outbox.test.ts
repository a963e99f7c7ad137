import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { textMessages } from '@server/db/schema';
import { signedWebhook } from '@server/test/fake-text-providers';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

const APP_SECRET = 'whatsapp-app-secret-for-tests';
const VERIFY_TOKEN = 'whatsapp-verify-token-for-tests';
const SMS_SECRET = 'sms-gateway-webhook-secret-tests';

/**
 * WhatsApp first and SMS behind it, each message recorded with where it got to, and the
 * providers' signed delivery reports applied once (issue "Phone first", delivery).
 */
describe('WhatsApp and SMS delivery', () => {
  const context = useTestApp(
    {
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_ACCESS_TOKEN: 'wa-token',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
      SMS_GATEWAY_URL: 'https://sms.example.pk/send',
      SMS_GATEWAY_TOKEN: 'sms-token',
      SMS_GATEWAY_WEBHOOK_SECRET: SMS_SECRET,
    },
    { whatsApp: true },
  );
  const db = () => context.database.db;
  let nextNumber = 2_000_000;
  const freshNumber = () => `0302 ${String((nextNumber += 7919) % 10_000_000).padStart(7, '0')}`;
  const post = (url: string, payload: object) => context.app.inject({ method: 'POST', url, payload });

  const whatsAppReport = (payload: object, secret = APP_SECRET) =>
    context.app.inject(signedWebhook('whatsapp', payload, secret));
  const statuses = (...reports: Array<{ id: string; status: string; errors?: object[] }>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: reports } }] }],
  });
  const rowOf = async (channel: 'whatsapp' | 'sms', providerMessageId: string) =>
    (await db().select().from(textMessages).where(eq(textMessages.providerMessageId, providerMessageId))).find(
      (row) => row.channel === channel,
    );

  async function codeByWhatsApp(typed = freshNumber()) {
    const response = await post('/api/accounts/phone/code', { phoneNumber: typed });
    expect(response.statusCode).toBe(200);
    return {
      typed,
      sent: response.json(),
      id: context.whatsApp.lastMessageId()!,
      code: context.whatsApp.sent.at(-1)!.code,
    };
  }

  it('sends a code by WhatsApp and offers SMS instead; the outbox keeps it without its digits', async () => {
    const { sent, id, code } = await codeByWhatsApp();
    expect(sent).toMatchObject({ channel: 'whatsapp', smsInstead: true });
    const row = await rowOf('whatsapp', id);
    expect(row).toMatchObject({ kind: 'sign_in_code', status: 'sent', toPhone: sent.phoneNumber });
    expect(row!.body).not.toContain(code);
    expect(row!.body).toContain('••••••');
  });

  it('"Send by SMS instead" sends the next code by SMS', async () => {
    const { typed } = await codeByWhatsApp();
    context.clock.advance(31_000);
    const smsBefore = context.texts.sent.length;
    const again = await post('/api/accounts/phone/code', { phoneNumber: typed, channel: 'sms' });
    expect(again.json()).toMatchObject({ channel: 'sms', smsInstead: false });
    expect(context.texts.sent.length).toBe(smsBefore + 1);
    const bad = await post('/api/accounts/phone/code', { phoneNumber: typed, channel: 'pigeon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.channel).toBe('channel can only be sms');
  });

  it('sends by SMS in the same request when WhatsApp refuses the message', async () => {
    context.whatsApp.failNext(1);
    const typed = freshNumber();
    const response = await post('/api/accounts/phone/code', { phoneNumber: typed });
    expect(response.json()).toMatchObject({ channel: 'sms', smsInstead: false });
    const rows = await db().select().from(textMessages).where(eq(textMessages.toPhone, response.json().phoneNumber));
    expect(rows.map((row) => [row.channel, row.status]).sort()).toEqual([
      ['sms', 'sent'],
      ['whatsapp', 'failed'],
    ]);
    // The code that came by SMS signs in.
    const signIn = await post('/api/accounts/phone/sign-in', {
      phoneNumber: typed,
      code: context.texts.sent.at(-1)!.code,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("answers Meta's address check only with the verify token", async () => {
    const check = (token: string, challenge = 'challenge_123') =>
      context.app.inject({
        method: 'GET',
        url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=${challenge}`,
      });
    const good = await check(VERIFY_TOKEN);
    expect([good.statusCode, good.body]).toEqual([200, 'challenge_123']);
    expect((await check('wrong-token-of-some-length')).statusCode).toBe(403);
    expect((await check(VERIFY_TOKEN, '<script>')).statusCode).toBe(400);
  });

  it('applies a delivery report once, forward only, and refuses a wrong signature or garbage', async () => {
    const { id } = await codeByWhatsApp();
    const forged = await whatsAppReport(statuses({ id, status: 'read' }), 'not-the-app-secret-at-all');
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'invalid_signature']);
    expect((await rowOf('whatsapp', id))!.status).toBe('sent');

    expect((await whatsAppReport(statuses({ id, status: 'delivered' }))).json()).toEqual({
      received: true,
      applied: 1,
      stopped: 0,
    });
    // Meta sends the same report twice: nothing more happens.
    expect((await whatsAppReport(statuses({ id, status: 'delivered' }))).json()).toEqual({
      received: true,
      applied: 0,
      stopped: 0,
    });
    expect((await whatsAppReport(statuses({ id, status: 'read' }))).json().applied).toBe(1);
    // A late "delivered" after "read" does not move it back.
    expect((await whatsAppReport(statuses({ id, status: 'delivered' }))).json().applied).toBe(0);
    expect((await rowOf('whatsapp', id))!.status).toBe('read');
    // An unknown message, and reports that are not about delivery, are received and ignored.
    expect((await whatsAppReport(statuses({ id: 'wamid.unknown', status: 'failed' }))).json().applied).toBe(0);

    const garbage = '{"entry": "not a list"';
    const broken = await context.app.inject(signedWebhook('whatsapp', garbage, APP_SECRET));
    expect([broken.statusCode, broken.json().error.code]).toEqual([400, 'invalid_payload']);
    const unsigned = await context.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: statuses() });
    expect(unsigned.statusCode).toBe(400);
  });

  it('a code WhatsApp could not deliver goes once by SMS as a fresh code, and the first one ends', async () => {
    const { typed, id, code } = await codeByWhatsApp();
    const smsBefore = context.texts.sent.length;
    const failed = statuses({ id, status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await whatsAppReport(failed)).json().applied).toBe(1);
    expect((await whatsAppReport(failed)).json().applied).toBe(0);
    expect(context.texts.sent.length).toBe(smsBefore + 1);
    const bySms = context.texts.sent.at(-1)!;
    const row = await rowOf('whatsapp', id);
    expect(row).toMatchObject({ status: 'failed', error: 'Message undeliverable' });
    expect(row!.replacedById).not.toBeNull();

    const old = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code });
    if (bySms.code !== code) expect(old.statusCode).toBe(400);
    const fresh = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code: bySms.code });
    expect(fresh.statusCode).toBe(200);
  });

  it('applies a failure reported before its message was recorded, and sends the SMS', async () => {
    const send = context.whatsApp.sendCode.bind(context.whatsApp);
    let early: ReturnType<typeof whatsAppReport> | undefined;
    vi.spyOn(context.whatsApp, 'sendCode').mockImplementationOnce(async (message) => {
      const id = await send(message);
      // The provider reports on the message before the app has recorded the answer naming it.
      early = whatsAppReport(
        statuses({ id: id!, status: 'failed', errors: [{ code: 131026, title: 'Undeliverable' }] }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      return id;
    });
    const smsBefore = context.texts.sent.length;
    const { id } = await codeByWhatsApp();
    expect((await early!).json()).toEqual({ received: true, applied: 1, stopped: 0 });
    expect(await rowOf('whatsapp', id)).toMatchObject({ status: 'failed', error: 'Undeliverable' });
    expect(context.texts.sent.length).toBe(smsBefore + 1);
  });

  it('sends no SMS for a code that was already used when its failure is reported', async () => {
    const { typed, id, code } = await codeByWhatsApp();
    expect((await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code })).statusCode).toBe(200);
    const smsBefore = context.texts.sent.length;
    expect((await whatsAppReport(statuses({ id, status: 'failed' }))).json().applied).toBe(1);
    expect(context.texts.sent.length).toBe(smsBefore);
  });

  it("applies the SMS gateway's signed reports", async () => {
    const { typed } = await codeByWhatsApp();
    context.clock.advance(31_000);
    await post('/api/accounts/phone/code', { phoneNumber: typed, channel: 'sms' });
    const id = context.texts.lastMessageId()!;
    const report = (payload: object, secret = SMS_SECRET) => context.app.inject(signedWebhook('sms', payload, secret));
    expect((await report({ reports: [{ id, status: 'delivered' }] }, 'a-wrong-secret-of-length')).statusCode).toBe(400);
    expect((await report({ reports: [{ id, status: 'delivered' }] })).json()).toEqual({
      received: true,
      applied: 1,
      stopped: 0,
    });
    expect((await report({ reports: [{ id, status: 'delivered' }] })).json().applied).toBe(0);
    expect((await rowOf('sms', id))!.status).toBe('delivered');
    const wrongStatus = await report({ reports: [{ id, status: 'exploded' }] });
    expect(wrongStatus.json().error.message).toContain('status must be delivered or failed');
  });

  it('lists the messages to admins only, found by the number however it is written', async () => {
    const { sent } = await codeByWhatsApp();
    const admin = await signUpAdmin(context.app, db());
    const national = `0${sent.phoneNumber.slice(3, 6)} ${sent.phoneNumber.slice(6)}`;
    const listed = await callAs(
      context.app,
      admin.cookie,
      'GET',
      `/api/admin/text-messages?to=${encodeURIComponent(national)}`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().messages).toHaveLength(1);
    expect(listed.json().messages[0]).toMatchObject({
      to: sent.phoneNumber,
      channel: 'whatsapp',
      kind: 'sign_in_code',
    });
    const customer = await signUpUser(context.app);
    const refused = await callAs(context.app, customer.cookie, 'GET', '/api/admin/text-messages');
    expect(refused.statusCode).toBe(403);
  });
});
