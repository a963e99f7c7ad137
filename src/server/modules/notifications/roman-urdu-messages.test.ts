import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TOGGLE_KEYS } from '@shared/notifications/email';
import { ROMAN_URDU_TEXTS } from '@shared/i18n/roman-urdu';
import { smsParts } from '@shared/notifications/outbox';
import { runDueJobs } from '@server/background-jobs';
import { authUser, textMessages, users, vendors } from '@server/db/schema';
import { startFakeTextProviders } from '@server/test/fake-text-providers';
import { testConfig, useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { setUpVendorWithCard, staffStampsCustomer } from '@server/modules/stamps/stamp-test-helpers';
import { createWhatsAppSender, noticeText } from './text-messages';
import { createTextMessages } from './text-outbox';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

const allOff = Object.fromEntries(EMAIL_TOGGLE_KEYS.map((key) => [key, false]));

/**
 * Roman Urdu, the third language of WhatsApp and SMS (decision 082): chosen on the preferences
 * page, used by codes, receipts and notices, sent in English where WhatsApp has no template in
 * it (and the admin told), and edited in the Global Text Editor.
 */
describe('WhatsApp and SMS in Roman Urdu', () => {
  const context = useTestApp(
    {
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_ACCESS_TOKEN: 'wa-token',
      SMS_GATEWAY_URL: 'https://sms.example.pk/send',
      SMS_GATEWAY_TOKEN: 'sms-token',
    },
    { whatsApp: true },
  );
  const db = () => context.database.db;
  let nextNumber = 5_000_000;
  const freshNumber = () => `+92305${String((nextNumber += 7919) % 10_000_000).padStart(7, '0')}`;

  const preferences = (method: 'GET' | 'PUT', cookie: string, payload?: object) =>
    context.app.inject({ method, url: '/api/email-preferences', headers: { cookie }, payload });

  /** A customer with a verified number, reading the site in `language`, with these toggles and phone language. */
  async function customerWith(
    toggles: { whatsapp?: Record<string, boolean>; sms?: Record<string, boolean> },
    phoneLanguage?: string,
    language: 'en' | 'ur' = 'en',
  ) {
    const user = await signUpUser(context.app, { name: 'Bilal' });
    const phoneNumber = freshNumber();
    await db().update(authUser).set({ phoneNumber, phoneNumberVerified: true }).where(eq(authUser.id, user.id));
    await db().update(users).set({ language }).where(eq(users.id, user.id));
    const current = (await preferences('GET', user.cookie)).json().preferences;
    const saved = await preferences('PUT', user.cookie, {
      ...current,
      whatsapp: { ...allOff, ...toggles.whatsapp },
      sms: { ...allOff, ...toggles.sms },
      ...(phoneLanguage ? { phone_language: phoneLanguage } : {}),
    });
    expect(saved.statusCode).toBe(200);
    return { ...user, phoneNumber };
  }

  const rowsTo = (phoneNumber: string) =>
    db().select().from(textMessages).where(eq(textMessages.toPhone, phoneNumber)).orderBy(textMessages.createdAt);

  it('a customer chooses it on the preferences page; until then messages follow the interface language', async () => {
    const user = await customerWith({}, undefined, 'ur');
    const read = (await preferences('GET', user.cookie)).json();
    expect(read.phone).toMatchObject({ number: user.phoneNumber, language: 'ur' });

    const saved = await preferences('PUT', user.cookie, { ...read.preferences, phone_language: 'ur-Latn' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phone.language).toBe('ur-Latn');
    // Left out, it stays; the interface language changing later does not move it.
    await db().update(users).set({ language: 'en' }).where(eq(users.id, user.id));
    const again = await preferences('PUT', user.cookie, { ...read.preferences, daily_chaska: false });
    expect(again.json().phone.language).toBe('ur-Latn');

    const bad = await preferences('PUT', user.cookie, { ...read.preferences, phone_language: 'roman' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('The language of WhatsApp and SMS must be en, ur or ur-Latn.');
    const signedOut = await context.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      payload: { ...read.preferences, phone_language: 'en' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await preferences('GET', user.cookie)).json().phone.language).toBe('ur-Latn');
  });

  it('codes, receipts and notices go in Roman Urdu, and an SMS in it is GSM-7', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    await db().update(vendors).set({ stampByPhone: true }).where(eq(vendors.id, setup.vendor.id));
    const customer = await customerWith({ sms: { stamp_notifications: true } }, 'ur-Latn', 'ur');

    const code = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/phone/code',
      payload: { phoneNumber: customer.phoneNumber, language: 'en' },
    });
    expect(code.statusCode).toBe(200);
    expect(context.whatsApp.sent.at(-1)).toMatchObject({ to: customer.phoneNumber, language: 'ur-Latn' });

    const receipt = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps/by-phone', {
      phoneNumber: customer.phoneNumber,
      cardId: setup.card.id,
    });
    expect(receipt.statusCode).toBe(200);
    expect(context.whatsApp.receipts.at(-1)).toMatchObject({ to: customer.phoneNumber, language: 'ur-Latn' });

    context.clock.advance(2 * 60 * 60 * 1000);
    await staffStampsCustomer(context.app, setup, customer.cookie);
    await runDueJobs(context.app);
    expect(context.texts.notices.at(-1)).toMatchObject({ to: customer.phoneNumber, language: 'ur-Latn' });

    const [codeRow, receiptRow, noticeRow] = await rowsTo(customer.phoneNumber);
    expect(codeRow).toMatchObject({ kind: 'sign_in_code', language: 'ur-Latn' });
    expect(codeRow!.body).toBe(
      'Aap ka Chaska code •••••• hai. Yeh code kisi ko na batayein, dukaan ke staff ko bhi nahi.',
    );
    expect(receiptRow).toMatchObject({ kind: 'receipt', language: 'ur-Latn' });
    expect(receiptRow!.body).toBe(`${setup.vendor.businessName}: 5 mein se 1 stamp. Aane ka shukriya!`);
    expect(noticeRow).toMatchObject({ kind: 'stamp', channel: 'sms', language: 'ur-Latn', parts: 1 });
    expect(noticeRow!.body).toBe(
      `${setup.vendor.businessName} se stamp mil gaya (2/5)\n` +
        `${setup.card.name}: 5 mein se 2 stamp. ${setup.card.rewardTitle} ke liye 3 stamp aur.`,
    );
    // The same notice in Urdu letters goes as UCS-2 and takes more parts.
    const urdu = noticeText({ ...context.texts.notices.at(-1)!, language: 'ur' });
    expect(smsParts(urdu)).toBeGreaterThan(noticeRow!.parts!);
  });

  it('speaks in points for a points card’s award, in English, Urdu and Roman Urdu', () => {
    const notice = {
      type: 'stamp' as const,
      userCardId: 'card-1',
      vendorName: 'Lahori Chai',
      cardName: 'Chai Points',
      stampsCollected: 120,
      stampsRequired: 500,
      rewardTitle: 'Free paratha',
      points: true,
    };
    const text = (language: 'en' | 'ur' | 'ur-Latn') => noticeText({ language, notice } as never);
    expect(text('en')).toBe(
      'Lahori Chai: you have 120 points\nChai Points: 120 points. Free paratha is yours for 500 points.',
    );
    expect(text('ur-Latn')).toBe(
      'Lahori Chai: aap ke 120 points\nChai Points: 120 points. Free paratha 500 points mein aap ka.',
    );
    expect(text('ur')).toContain('پوائنٹس');
    expect(text('en')).not.toContain('stamp');
  });

  it("goes in English where WhatsApp has no template in Roman Urdu, and the admin's outbox says so", async () => {
    const admin = await signUpAdmin(context.app, db());
    const customer = await customerWith({}, 'ur-Latn');
    context.whatsApp.templatesMissingIn.push('ur-Latn');
    try {
      const code = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/phone/code',
        payload: { phoneNumber: customer.phoneNumber },
      });
      expect(code.json()).toMatchObject({ channel: 'whatsapp' });
    } finally {
      context.whatsApp.templatesMissingIn.length = 0;
    }
    expect(context.whatsApp.sent.at(-1)).toMatchObject({ to: customer.phoneNumber, language: 'en' });
    const rows = await rowsTo(customer.phoneNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'whatsapp',
      status: 'sent',
      language: 'en',
      templateMissingIn: 'ur-Latn',
    });
    expect(rows[0]!.body).toContain('is your Chaska code');

    const outbox = await callAs(
      context.app,
      admin.cookie,
      'GET',
      `/api/admin/text-messages?to=${encodeURIComponent(customer.phoneNumber)}`,
    );
    expect(outbox.json().messages).toEqual([
      expect.objectContaining({ kind: 'sign_in_code', language: 'en', templateMissingIn: 'ur-Latn' }),
    ]);
  });

  describe("with WhatsApp's own answer (the fake Cloud API)", () => {
    let providers: Awaited<ReturnType<typeof startFakeTextProviders>>;
    beforeAll(async () => {
      providers = await startFakeTextProviders();
    });
    afterAll(() => providers.stop());

    it("Meta's 132001 for a vendor's message in Roman Urdu: sent again in English and marked", async () => {
      // Delivery reports go nowhere: only the answer to the send matters here.
      const config = testConfig(providers.settingsFor('http://127.0.0.1:9', { whatsApp: true }));
      const whatsapp = createWhatsAppSender(config.textMessages.whatsapp!);
      const sender = createTextMessages({
        prices: config.textMessages.prices,
        providers: { whatsapp },
        database: context.database,
        clock: context.clock,
        logger: { warn() {} },
      })!;
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await customerWith({}, 'ur-Latn');
      const notice = {
        type: 'vendor_message' as const,
        vendorName: setup.vendor.businessName,
        vendorSlug: 'shop',
        subject: 'Eid offer',
        message: 'Double stamps on Friday.',
      };
      const base = { userId: customer.id, vendorId: setup.vendor.id, channels: ['whatsapp'] as const, notice };
      await sender.sendNotice({ ...base, to: customer.phoneNumber, language: 'ur-Latn', key: `roman-${customer.id}` });

      const received = await (
        await fetch(`${providers.url}/messages?to=${encodeURIComponent(customer.phoneNumber)}`)
      ).json();
      expect(received.map((message: { template: object }) => message.template)).toEqual([
        expect.objectContaining({ name: 'chaska_vendor_message', language: 'en' }),
      ]);
      const [row] = await rowsTo(customer.phoneNumber);
      expect(row).toMatchObject({ status: 'sent', language: 'en', templateMissingIn: 'ur-Latn' });

      // A stamp's notice has its Roman Urdu template: it goes under its own name, in Meta's `en`.
      const stamp = {
        type: 'stamp' as const,
        userCardId: 'card-1',
        vendorName: setup.vendor.businessName,
        cardName: setup.card.name,
        stampsCollected: 1,
        stampsRequired: 5,
        rewardTitle: 'Chai',
      };
      await sender.sendNotice({
        ...base,
        notice: stamp,
        to: customer.phoneNumber,
        language: 'ur-Latn',
        key: `roman-stamp-${customer.id}`,
      });
      const after = await (
        await fetch(`${providers.url}/messages?to=${encodeURIComponent(customer.phoneNumber)}`)
      ).json();
      expect(after.at(-1).template).toMatchObject({ name: 'chaska_stamp_notice_roman_urdu', language: 'en' });
      expect((await rowsTo(customer.phoneNumber)).at(-1)).toMatchObject({
        language: 'ur-Latn',
        templateMissingIn: null,
      });
    });
  });

  it("the Global Text Editor edits the phone's texts in Roman Urdu, and the next SMS says it", async () => {
    const admin = await signUpAdmin(context.app, db());
    const texts = (query: string) =>
      context.app.inject({ method: 'GET', url: `/api/admin/texts?${query}`, headers: { cookie: admin.cookie } });
    const roman = (await texts('language=ur-Latn')).json();
    expect(roman.language).toBe('ur-Latn');
    expect(roman.entries.map((entry: { key: string }) => entry.key)).toContain('emails:stamp.subject');
    expect(roman.entries.every((entry: { phone: boolean }) => entry.phone)).toBe(true);
    expect(roman.entries).toHaveLength(Object.keys(ROMAN_URDU_TEXTS).length);
    expect(roman.namespaces.map((namespace: { id: string }) => namespace.id)).toEqual([
      'account',
      'customer',
      'emails',
    ]);
    // The same texts are marked in English, among the others.
    const english = (await texts('language=en&search=stamp.subject')).json().entries;
    expect(english.find((entry: { key: string }) => entry.key === 'emails:stamp.subject')).toMatchObject({
      phone: true,
    });

    const put = (key: string, value: string) =>
      callAs(context.app, admin.cookie, 'PUT', `/api/admin/texts/ur-Latn/${encodeURIComponent(key)}`, { value });
    // Roman Urdu has only the phone's texts; an override keeps the default's placeholders.
    expect((await put('landing:hero.headline', 'Chaska')).statusCode).toBe(404);
    expect((await put('emails:stamp.subject', 'Naya stamp')).statusCode).toBe(400);
    const saved = await put('emails:stamp.subject', '{{vendor}}: naya stamp laga! ({{collected}}/{{required}})');
    expect(saved.statusCode).toBe(200);

    try {
      const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 4 });
      const customer = await customerWith({ sms: { stamp_notifications: true } }, 'ur-Latn');
      await staffStampsCustomer(context.app, setup, customer.cookie);
      await runDueJobs(context.app);
      const [row] = await rowsTo(customer.phoneNumber);
      expect(row).toMatchObject({ channel: 'sms', language: 'ur-Latn' });
      expect(row!.body.split('\n')[0]).toBe(`${setup.vendor.businessName}: naya stamp laga! (1/4)`);
      // What the SMS gateway was given is the same words.
      expect(noticeText(context.texts.notices.at(-1)!)).toBe(row!.body);
    } finally {
      const reset = await callAs(
        context.app,
        admin.cookie,
        'DELETE',
        `/api/admin/texts/ur-Latn/${encodeURIComponent('emails:stamp.subject')}`,
      );
      expect(reset.statusCode).toBe(200);
    }
  });
});
