import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_TOGGLE_KEYS } from '@shared/notifications/email';
import { PHONE_NOTICES_PER_VENDOR_PER_DAY, VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY } from '@shared/notifications/outbox';
import { runDueJobs } from '@server/background-jobs';
import { authUser, emailMessages, jobs, loyaltyCards, textMessages, users } from '@server/db/schema';
import { REWARD_REMINDER_JOB } from '@server/modules/stamps/reward-reminder-jobs';
import { signedWebhook } from '@server/test/fake-text-providers';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { announceStartedHourlyDeals } from '@server/modules/marketplace/announce-hourly-deals';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import {
  collectWith,
  counterCodeFor,
  setUpVendorWithCard,
  staffStampsCustomer,
  type VendorSetup,
} from '@server/modules/stamps/stamp-test-helpers';
import { queueVendorMessages } from '@server/modules/customers/send-vendor-message';
import { callAs, recordStamps, vendorOwner } from '@server/modules/vendors/vendor-test-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
import { handlersByName, runDueJobsOnce } from '@server/lib/job-queue';
import {
  TEXT_NOTICE_ATTEMPTS,
  TEXT_NOTICE_CONCURRENCY,
  textNoticeBackoffMs,
  textNoticeHandler,
} from './text-notice-job';

const APP_SECRET = 'whatsapp-app-secret-for-notice-tests';
const SMS_SECRET = 'sms-gateway-secret-for-notice-tests';

const allOff = Object.fromEntries(EMAIL_TOGGLE_KEYS.map((key) => [key, false]));

/**
 * Notices by WhatsApp and SMS (decision 081): the customer turns a kind on per channel, a stamp
 * given by staff reaches their verified number in their language, within a daily cap, and
 * "STOP" sent back turns the channel off.
 */
describe('notices by WhatsApp and SMS', () => {
  const context = useTestApp(
    {
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_ACCESS_TOKEN: 'wa-token',
      WHATSAPP_APP_SECRET: APP_SECRET,
      SMS_GATEWAY_URL: 'https://sms.example.pk/send',
      SMS_GATEWAY_TOKEN: 'sms-token',
      SMS_GATEWAY_WEBHOOK_SECRET: SMS_SECRET,
    },
    { whatsApp: true },
  );
  const db = () => context.database.db;
  let nextNumber = 3_000_000;
  const freshNumber = () => `+92303${String((nextNumber += 7919) % 10_000_000).padStart(7, '0')}`;

  function request(method: 'GET' | 'PUT', cookie: string, payload?: object) {
    return context.app.inject({ method, url: '/api/email-preferences', headers: { cookie }, payload });
  }

  /** A customer with a verified number, in `language`, with these WhatsApp and SMS toggles. */
  async function customerWith(
    toggles: { whatsapp?: Partial<Record<string, boolean>>; sms?: Partial<Record<string, boolean>> },
    language: 'en' | 'ur' = 'en',
  ) {
    const user = await signUpUser(context.app, { name: 'Sana' });
    const phoneNumber = freshNumber();
    await db().update(authUser).set({ phoneNumber, phoneNumberVerified: true }).where(eq(authUser.id, user.id));
    await db().update(users).set({ language }).where(eq(users.id, user.id));
    const current = (await request('GET', user.cookie)).json().preferences;
    const saved = await request('PUT', user.cookie, {
      ...current,
      whatsapp: { ...allOff, ...toggles.whatsapp },
      sms: { ...allOff, ...toggles.sms },
    });
    expect(saved.statusCode).toBe(200);
    return { ...user, phoneNumber };
  }

  const staffStamps = (setup: VendorSetup, customer: SignedInUser) =>
    staffStampsCustomer(context.app, setup, customer.cookie);

  /** A campaign to all the vendor's customers, sent now. */
  async function campaignNow(cookie: string, subject: string, message: string) {
    const created = await callAs(context.app, cookie, 'POST', '/api/vendor/campaigns', {
      subject,
      message,
      segment: 'all',
      sendAt: null,
    });
    expect(created.statusCode).toBe(201);
  }

  const noticesTo = (userId: string) => db().select().from(textMessages).where(eq(textMessages.userId, userId));
  const drain = () => runDueJobs(context.app);

  async function pendingNoticeJob(userId: string) {
    const [job] = await db()
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.name, 'text.notice'), eq(jobs.status, 'pending'), sql`${jobs.payload}->>'userId' = ${userId}`),
      );
    expect(job).toBeDefined();
    return job!;
  }

  /** A vendor's message to one customer through the door every vendor message takes. */
  const sendVendorMessage = (setup: VendorSetup, customer: SignedInUser, key: string) =>
    db().transaction((tx) =>
      queueVendorMessages(
        context.app.deps,
        [
          {
            vendor: { id: setup.vendor.id, businessName: setup.vendor.businessName, slug: setup.vendor.slug },
            customer: { userId: customer.id, email: customer.email, name: 'Sana' },
            subject: 'Eid offer',
            message: 'Come by this week.',
            key: `${key}-${customer.id}`,
          },
        ],
        context.clock.now(),
        tx,
      ),
    );

  it('keeps every WhatsApp and SMS toggle off until the customer turns one on, and says where they would go', async () => {
    const user = await signUpUser(context.app, { name: 'Nida' });
    const read = (await request('GET', user.cookie)).json();
    expect(read.preferences.whatsapp).toEqual(allOff);
    expect(read.preferences.sms).toEqual(allOff);
    // No verified number yet: the page offers no phone channel.
    expect(read.phone).toEqual({ number: null, whatsapp: true, sms: true, language: 'en' });

    const saved = await request('PUT', user.cookie, {
      ...read.preferences,
      whatsapp: { ...allOff, stamp_notifications: true },
    });
    expect(saved.json().preferences.whatsapp).toEqual({ ...allOff, stamp_notifications: true });
    // Left out, a channel stays as it was.
    const { whatsapp: _whatsapp, sms: _sms, ...withoutPhone } = saved.json().preferences;
    const again = await request('PUT', user.cookie, { ...withoutPhone, daily_chaska: false });
    expect(again.json().preferences.whatsapp.stamp_notifications).toBe(true);

    const bad = await request('PUT', user.cookie, { ...withoutPhone, sms: { ...allOff, stamp_notifications: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('Stamp notifications must be true or false.');
    const notAnObject = await request('PUT', user.cookie, { ...withoutPhone, whatsapp: 'all' });
    expect(notAnObject.statusCode).toBe(400);
    expect(JSON.stringify(notAnObject.json().error)).toContain('WhatsApp settings must be a set of toggles.');
    expect((await request('GET', user.cookie)).json().preferences.sms).toEqual(allOff);
  });

  it("a stamp by staff reaches the customer by WhatsApp in their language, with the card's facts", async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const customer = await customerWith({ whatsapp: { stamp_notifications: true } }, 'ur');
    await staffStamps(setup, customer);
    await drain();
    const notice = context.whatsApp.notices.at(-1)!;
    expect(notice).toMatchObject({
      to: customer.phoneNumber,
      language: 'ur',
      notice: {
        type: 'stamp',
        vendorName: setup.vendor.businessName,
        cardName: setup.card.name,
        stampsCollected: 1,
        stampsRequired: 5,
      },
    });
    const [row] = await noticesTo(customer.id);
    expect(row).toMatchObject({ kind: 'stamp', channel: 'whatsapp', status: 'sent', vendorId: setup.vendor.id });
    expect(row!.parts).toBeNull();

    // The job again (a crash after sending): the same stamp is not told twice.
    await db()
      .update(jobs)
      .set({ status: 'pending', attempts: 0 })
      .where(eq(jobs.uniqueKey, `text:${row!.noticeKey}`));
    await drain();
    expect(await noticesTo(customer.id)).toHaveLength(1);
  });

  it('a notice cut off by a stop of the app while WhatsApp was asked is not sent again, and shows unconfirmed', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const customer = await customerWith({ whatsapp: { stamp_notifications: true } });
    await staffStamps(setup, customer);
    await drain();
    const [row] = await noticesTo(customer.id);
    // What a stop between WhatsApp's answer and the row's update leaves: the claim, no id.
    await db()
      .update(textMessages)
      .set({ status: 'sending', providerMessageId: null, costPaisa: null })
      .where(eq(textMessages.id, row!.id));
    await db()
      .update(jobs)
      .set({ status: 'pending', attempts: 0 })
      .where(eq(jobs.uniqueKey, `text:${row!.noticeKey}`));
    const sentBefore = context.whatsApp.notices.length;
    await drain();
    expect(context.whatsApp.notices).toHaveLength(sentBefore);
    expect(await noticesTo(customer.id)).toEqual([expect.objectContaining({ id: row!.id, status: 'sending' })]);

    // Two sends of one notice at once (two processes): the provider is asked once.
    const sender = context.app.deps.textMessages!;
    const notice = {
      to: customer.phoneNumber,
      language: 'en' as const,
      userId: customer.id,
      vendorId: setup.vendor.id,
      key: `twice-${customer.id}`,
      channels: ['whatsapp' as const],
      notice: {
        type: 'vendor_message' as const,
        vendorName: 'Shop',
        vendorSlug: 'shop',
        subject: 'Hi',
        message: 'Hello.',
      },
    };
    const outcomes = await Promise.all([sender.sendNotice(notice), sender.sendNotice(notice)]);
    expect(outcomes.sort()).toEqual(['whatsapp', null].sort());
    expect(context.whatsApp.notices).toHaveLength(sentBefore + 1);
  });

  it('tells nothing by phone where the kind is off, where the customer scanned it themselves, or without a verified number', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const rewardsOnly = await customerWith({ whatsapp: { reward_notifications: true } });
    await staffStamps(setup, rewardsOnly);

    const scanner = await customerWith({ whatsapp: { stamp_notifications: true } });
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    expect((await collectWith(context.app, scanner.cookie, code.qrPayload)).statusCode).toBe(200);

    const unverified = await customerWith({ whatsapp: { stamp_notifications: true } });
    await db().update(authUser).set({ phoneNumberVerified: false }).where(eq(authUser.id, unverified.id));
    await staffStamps(setup, unverified);

    await drain();
    for (const customer of [rewardsOnly, scanner, unverified]) expect(await noticesTo(customer.id)).toEqual([]);
    const written = await db().select().from(jobs).where(eq(jobs.name, 'text.notice'));
    expect(
      written.filter((job) => [rewardsOnly.id, scanner.id].includes((job.payload as { userId: string }).userId)),
    ).toEqual([]);
  });

  it('goes by SMS when WhatsApp refuses it and SMS is allowed too; counted in parts', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const both = await customerWith({ whatsapp: { stamp_notifications: true }, sms: { stamp_notifications: true } });
    context.whatsApp.failNext(1);
    await staffStamps(setup, both);
    await drain();
    const rows = await noticesTo(both.id);
    expect(rows.map((row) => [row.channel, row.status]).sort()).toEqual([
      ['sms', 'sent'],
      ['whatsapp', 'failed'],
    ]);
    const sms = rows.find((row) => row.channel === 'sms')!;
    expect(sms.parts).toBe(1);
    expect(context.texts.notices.at(-1)!.notice.vendorName).toBe(setup.vendor.businessName);

    // WhatsApp only, and WhatsApp down: the notice goes later, never as an SMS the customer did not
    // ask for, and the try that ended nothing leaves no failed row.
    const whatsAppOnly = await customerWith({ whatsapp: { stamp_notifications: true } });
    context.whatsApp.failNext(1);
    const smsBefore = context.texts.notices.length;
    await staffStamps(setup, whatsAppOnly);
    await drain();
    expect(context.texts.notices.length).toBe(smsBefore);
    expect(await noticesTo(whatsAppOnly.id)).toEqual([]);
    const job = await pendingNoticeJob(whatsAppOnly.id);
    expect(job).toMatchObject({ attempts: 1, runAt: new Date(context.clock.now().getTime() + 60_000) });
    await runDueJobs(context.app, { now: job.runAt });
    expect((await noticesTo(whatsAppOnly.id)).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'sent']]);
  });

  it('waits for a provider at its rate (429) without spending a try, and never spills into SMS', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const both = await customerWith({ whatsapp: { stamp_notifications: true }, sms: { stamp_notifications: true } });
    context.whatsApp.failNext(3, 'busy');
    const smsBefore = context.texts.notices.length;
    await staffStamps(setup, both);
    for (let busy = 0; busy < 3; busy += 1) {
      await runDueJobs(context.app, { now: new Date(context.clock.now().getTime() + busy * 1_000) });
      // Postponed by the provider's Retry-After (1 s), its tries untouched, nothing recorded.
      expect(await pendingNoticeJob(both.id)).toMatchObject({ attempts: 0 });
    }
    expect(await noticesTo(both.id)).toEqual([]);
    expect(context.texts.notices.length).toBe(smsBefore);
    await runDueJobs(context.app, { now: new Date(context.clock.now().getTime() + 3_000) });
    expect((await noticesTo(both.id)).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'sent']]);
  });

  it('retries an outage with growing back-off, within the marketing hours, and gives up after its tries', async () => {
    // 20:59 in Pakistan: a minute's back-off would end at 21:00, so the vendor's message waits for 09:00.
    context.clock.set(new Date('2026-04-07T15:59:00.000Z'));
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await customerWith({ sms: { vendor_updates: true } });
    await sendVendorMessage(setup, customer, 'outage');
    context.texts.failNext(1);
    await drain();
    const first = await pendingNoticeJob(customer.id);
    expect(first).toMatchObject({ attempts: 1, runAt: new Date('2026-04-08T04:00:00.000Z') });
    expect(first.lastError).toContain('503');
    expect(textNoticeBackoffMs(1)).toBe(60_000);
    expect(textNoticeBackoffMs(5)).toBe(16 * 60_000);
    expect(textNoticeBackoffMs(TEXT_NOTICE_ATTEMPTS)).toBe(60 * 60_000);

    // Its last try fails too: the job ends, with the reason, and nothing was sent.
    await db()
      .update(jobs)
      .set({ attempts: TEXT_NOTICE_ATTEMPTS - 1 })
      .where(eq(jobs.id, first.id));
    context.texts.failNext(1);
    await runDueJobs(context.app, { now: first.runAt });
    const [ended] = await db().select().from(jobs).where(eq(jobs.id, first.id));
    expect(ended).toMatchObject({ status: 'failed', attempts: TEXT_NOTICE_ATTEMPTS });
    expect(ended!.lastError).toContain(`after ${TEXT_NOTICE_ATTEMPTS} tries`);
    expect(await noticesTo(customer.id)).toEqual([]);
  });

  it('fails a notice to a number every allowed provider refuses at once, and does not try it again', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await customerWith({ whatsapp: { stamp_notifications: true } });
    context.whatsApp.failNext(1, 'refused');
    const whatsAppBefore = context.whatsApp.notices.length;
    await staffStamps(setup, customer);
    await drain();
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'text.notice'), sql`${jobs.payload}->>'userId' = ${customer.id}`));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.lastError).toContain('(400)');
    expect((await noticesTo(customer.id)).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'failed']]);
    await runDueJobs(context.app, { now: new Date(context.clock.now().getTime() + 24 * 60 * 60_000) });
    expect(context.whatsApp.notices.length).toBe(whatsAppBefore);
    expect(await noticesTo(customer.id)).toHaveLength(1);
  });

  it("keeps a vendor's monthly allowance exactly while its notices go side by side", async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customers = [];
    for (let index = 0; index < 2 * TEXT_NOTICE_CONCURRENCY; index += 1)
      customers.push(await customerWith({ whatsapp: { vendor_updates: true } }));
    const allowance = TEXT_NOTICE_CONCURRENCY + 3;
    for (const customer of customers) await sendVendorMessage(setup, customer, 'allowance');
    const handler = textNoticeHandler({
      db: db(),
      textMessages: context.app.deps.textMessages,
      phoneMessagesPerMonth: async () => allowance,
    });
    const quiet = { warn: () => undefined, error: () => undefined };
    await runDueJobsOnce(db(), handlersByName([handler]), context.clock.now(), quiet, { limit: 50 });
    const sent = await db()
      .select()
      .from(textMessages)
      .where(and(eq(textMessages.vendorId, setup.vendor.id), eq(textMessages.kind, 'vendor_message')));
    expect(sent).toHaveLength(allowance);
  });

  it(`tells at most ${PHONE_NOTICES_PER_VENDOR_PER_DAY} stamps a day per vendor, and the reward always`, async () => {
    // Noon in Pakistan, so the stamps below fall on one day whatever the suite's clock.
    context.clock.set(new Date('2026-04-01T07:00:00.000Z'));
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 3 });
    const other = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const customer = await customerWith({
      whatsapp: { stamp_notifications: true, reward_notifications: true },
    });
    const kindsAt = async (vendorId: string) =>
      (await noticesTo(customer.id)).filter((row) => row.vendorId === vendorId).map((row) => row.kind);
    for (const vendor of [setup, other]) {
      for (let stamp = 0; stamp < 3; stamp += 1) {
        await staffStamps(vendor, customer);
        await drain();
        // The customer's code of the next visit.
        context.clock.advance(5 * 60 * 1000);
      }
    }
    expect(await kindsAt(setup.vendor.id)).toEqual(['stamp', 'stamp', 'reward']);
    expect(await kindsAt(other.vendor.id)).toEqual(['stamp', 'stamp']);
    expect(context.whatsApp.notices.findLast((sent) => sent.notice.type === 'reward')!.notice).toMatchObject({
      vendorName: setup.vendor.businessName,
    });

    // A new day in Pakistan: stamps are told again.
    context.clock.advance(24 * 60 * 60 * 1000);
    await staffStamps(other, customer);
    await drain();
    expect(await kindsAt(other.vendor.id)).toEqual(['stamp', 'stamp', 'stamp']);
  });

  it('reminds of a reward about to expire by WhatsApp, with its last day, in Urdu', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 1 });
    await db().update(loyaltyCards).set({ rewardExpiryDays: 7 }).where(eq(loyaltyCards.id, setup.card.id));
    const customer = await customerWith({ whatsapp: { reward_notifications: true } }, 'ur');
    const stamped = await staffStamps(setup, customer);
    await drain();
    const [reminder] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, REWARD_REMINDER_JOB.name), like(jobs.uniqueKey, `%${stamped.reward.id}:7`)));
    await runDueJobs(context.app, { now: reminder!.runAt });
    await runDueJobs(context.app, { now: reminder!.runAt });
    expect((await noticesTo(customer.id)).map((row) => row.kind).sort()).toEqual(['reward', 'reward_expiry']);
    expect(context.whatsApp.notices.at(-1)).toMatchObject({
      language: 'ur',
      notice: { type: 'reward_expiry', rewardId: stamped.reward.id, daysBefore: 7 },
    });
  });

  it("a vendor's message goes by phone only from 09:00 to 21:00 in Pakistan, priced as marketing", async () => {
    // 22:00 in Pakistan.
    context.clock.set(new Date('2026-04-02T17:00:00.000Z'));
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await customerWith({ whatsapp: { vendor_updates: true }, sms: { vendor_updates: true } }, 'ur');
    // A customer of the shop: the shop may message those who have its card.
    await staffStamps(setup, customer);
    const sent = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/customers/${customer.id}/message`,
      headers: { cookie: setup.owner.cookie },
      payload: { subject: 'Eid offer', message: 'Double stamps\non Friday.' },
    });
    expect(sent.statusCode).toBe(200);
    await drain();
    expect((await noticesTo(customer.id)).filter((row) => row.kind === 'vendor_message')).toEqual([]);
    // 09:00 the next morning.
    context.clock.set(new Date('2026-04-03T04:00:00.000Z'));
    await drain();
    const [message] = (await noticesTo(customer.id)).filter((row) => row.kind === 'vendor_message');
    expect(message).toMatchObject({ channel: 'whatsapp', status: 'sent', vendorId: setup.vendor.id, costPaisa: 1300 });
    expect(context.whatsApp.notices.at(-1)).toMatchObject({
      language: 'ur',
      notice: { type: 'vendor_message', subject: 'Eid offer', message: 'Double stamps\non Friday.' },
    });
  });

  it("writes a vendor's message's job only for those who asked for it by phone: a campaign to many writes none for the rest", async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const asked = await customerWith({ sms: { vendor_updates: true } });
    const emailOnly = await customerWith({});
    await db().transaction((tx) =>
      queueVendorMessages(
        context.app.deps,
        [asked, emailOnly].map((customer) => ({
          vendor: { id: setup.vendor.id, businessName: setup.vendor.businessName, slug: setup.vendor.slug },
          customer: { userId: customer.id, email: customer.email, name: 'Sana' },
          subject: 'Eid offer',
          message: 'Come by this week.',
          key: `batch-${customer.id}`,
        })),
        context.clock.now(),
        tx,
      ),
    );
    const written = (await db().select().from(jobs).where(eq(jobs.name, 'text.notice'))).map(
      (job) => (job.payload as { userId: string }).userId,
    );
    expect(written).toContain(asked.id);
    expect(written).not.toContain(emailOnly.id);
  });

  it('records what each message costs: WhatsApp by category, SMS by its parts', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await customerWith({ sms: { stamp_notifications: true } }, 'ur');
    await staffStamps(setup, customer);
    await drain();
    const [sms] = await noticesTo(customer.id);
    // Urdu goes as UCS-2: the stamp's words take two parts.
    expect(sms).toMatchObject({ channel: 'sms', parts: 2, costPaisa: 150 });
    const whatsApp = await customerWith({ whatsapp: { stamp_notifications: true } });
    await staffStamps(setup, whatsApp);
    await drain();
    expect((await noticesTo(whatsApp.id))[0]).toMatchObject({ channel: 'whatsapp', costPaisa: 150 });
  });

  it("shows the admin each vendor's WhatsApp and SMS of a month with what they cost; others are refused", async () => {
    context.clock.set(new Date('2026-06-10T07:00:00.000Z'));
    const setup = await setUpVendorWithCard(context.app, db());
    const byWhatsApp = await customerWith({ whatsapp: { stamp_notifications: true } });
    const bySms = await customerWith({ sms: { stamp_notifications: true } }, 'ur');
    await staffStamps(setup, byWhatsApp);
    await staffStamps(setup, bySms);
    await drain();

    const admin = await signUpAdmin(context.app, db());
    const costs = (month: string, cookie = admin.cookie) =>
      context.app.inject({ method: 'GET', url: `/api/admin/text-costs?month=${month}`, headers: { cookie } });
    const june = await costs('2026-06');
    expect(june.statusCode).toBe(200);
    expect(june.json().vendors.find((row: { vendorId: string }) => row.vendorId === setup.vendor.id)).toEqual({
      vendorId: setup.vendor.id,
      vendorName: setup.vendor.businessName,
      whatsapp: 1,
      sms: 1,
      smsParts: 2,
      costPaisa: 150 + 2 * 75,
    });
    expect(june.json().totalPaisa).toBeGreaterThanOrEqual(300);
    // Another month: not these.
    const may = (await costs('2026-05')).json();
    expect(may.vendors.some((row: { vendorId: string }) => row.vendorId === setup.vendor.id)).toBe(false);

    const bad = await costs('June');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('month must be a year and month, like 2026-03');
    expect((await costs('2026-06', setup.owner.cookie)).statusCode).toBe(403);
  });

  function whatsAppInbound(from: string, text: string, secret = APP_SECRET) {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                messages: [{ from, id: 'wamid.1', type: 'text', text: { body: text } }],
              },
            },
          ],
        },
      ],
    };
    return context.app.inject(signedWebhook('whatsapp', body, secret));
  }

  const smsInbound = (payload: object, secret = SMS_SECRET) =>
    context.app.inject(signedWebhook('sms', payload, secret));

  it('"STOP" by WhatsApp, or "band karo" by SMS, turns that channel off; anything else changes nothing', async () => {
    const customer = await customerWith({
      whatsapp: { stamp_notifications: true, reward_notifications: true },
      sms: { reward_notifications: true },
    });
    const digits = customer.phoneNumber.slice(1);

    const chat = await whatsAppInbound(digits, 'Thank you!');
    expect(chat.json()).toEqual({ received: true, applied: 0, stopped: 0 });
    const forged = await whatsAppInbound(digits, 'STOP', 'not-the-app-secret');
    expect(forged.statusCode).toBe(400);
    expect((await request('GET', customer.cookie)).json().preferences.whatsapp.stamp_notifications).toBe(true);

    expect((await whatsAppInbound(digits, ' Stop! ')).json()).toEqual({ received: true, applied: 0, stopped: 1 });
    let preferences = (await request('GET', customer.cookie)).json().preferences;
    expect(preferences.whatsapp).toEqual(allOff);
    expect(preferences.sms.reward_notifications).toBe(true);

    expect((await smsInbound({ inbound: [{ from: customer.phoneNumber, text: 'Band karo' }] })).json()).toMatchObject({
      stopped: 1,
    });
    preferences = (await request('GET', customer.cookie)).json().preferences;
    expect(preferences.sms).toEqual(allOff);
    // Each STOP is answered once, by the channel it came by; a STOP again that day is not.
    expect((await whatsAppInbound(digits, 'stop')).json().stopped).toBe(1);
    await drain();
    const confirmations = (await noticesTo(customer.id)).filter((row) => row.kind === 'stop_confirmation');
    expect(confirmations.map((row) => [row.channel, row.costPaisa]).sort()).toEqual([
      ['sms', 75],
      ['whatsapp', 0],
    ]);
    expect(context.whatsApp.texts.at(-1)).toEqual({
      to: customer.phoneNumber,
      text: 'Chaska: you will get no more messages from us by WhatsApp. To have them again, turn them on on your e-mail preferences page.',
    });
    expect(context.texts.texts.at(-1)?.text).toContain('no more messages from us by SMS');
    // Urdu, and a number nobody has: nothing to stop.
    expect((await smsInbound({ inbound: [{ from: freshNumber(), text: 'بند کریں' }] })).json().stopped).toBe(0);

    const empty = await smsInbound({});
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'invalid_payload']);
    const garbage = await smsInbound({ inbound: [{ from: 'DROP TABLE', text: 'STOP' }] });
    expect(garbage.statusCode).toBe(400);
  });

  it("a campaign's results count its WhatsApp and SMS by the state each provider reported", async () => {
    // Noon in Pakistan: a vendor's message may go by phone.
    context.clock.set(new Date('2026-04-08T07:00:00.000Z'));
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 5 });
    const read = await customerWith({ whatsapp: { vendor_updates: true } });
    const delivered = await customerWith({ whatsapp: { vendor_updates: true } });
    const failed = await customerWith({ sms: { vendor_updates: true } });
    const emailOnly = await customerWith({});
    for (const customer of [read, delivered, failed, emailOnly])
      await recordStamps(db(), {
        vendorId: vendor.id,
        cardId: card.id,
        userId: customer.id,
        times: [context.clock.now()],
      });
    await campaignNow(owner.cookie, 'Eid offer', 'Double stamps all week.');
    await drain();
    const providerId = async (customer: SignedInUser) => (await noticesTo(customer.id))[0]!.providerMessageId;
    const whatsAppReport = (statuses: Array<{ id: string | null; status: string }>) => ({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses } }] }],
    });
    const reports = whatsAppReport([
      { id: await providerId(read), status: 'delivered' },
      { id: await providerId(read), status: 'read' },
      { id: await providerId(delivered), status: 'delivered' },
    ]);
    expect((await context.app.inject(signedWebhook('whatsapp', reports, APP_SECRET))).json().applied).toBe(3);
    const smsReport = { reports: [{ id: await providerId(failed), status: 'failed', error: 'Unreachable' }] };
    expect((await context.app.inject(signedWebhook('sms', smsReport, SMS_SECRET))).json().applied).toBe(1);

    const list = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns');
    expect(list.json().campaigns[0].figures).toMatchObject({
      recipients: 4,
      sent: 4,
      byPhone: {
        whatsapp: { sent: 0, delivered: 1, read: 1, failed: 0 },
        sms: { sent: 0, delivered: 0, read: 0, failed: 1 },
      },
    });
  });

  it("the Daily Chaska reaches those who asked for it by phone, at 09:00 when made at night, at the platform's cost", async () => {
    // 22:00 in Pakistan; deals of earlier tests are announced before these customers exist.
    context.clock.set(new Date('2026-04-09T17:00:00.000Z'));
    await drain();
    const admin = await signUpAdmin(context.app, db());
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(db(), {
      ownerUserId: owner.id,
      businessName: 'Karahi House',
      city: 'Multan',
      plan: 'standard',
    });
    const fan = await customerWith({ whatsapp: { daily_chaska: true } }, 'ur');
    const bySms = await customerWith({ sms: { daily_chaska: true } });
    const notKeen = await customerWith({ whatsapp: { vendor_updates: true } });
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/admin/daily-chaska',
      headers: { cookie: admin.cookie },
      payload: {
        vendorId: vendor.id,
        name: 'Karahi for two',
        rewardTitle: 'Chicken karahi',
        dealPrice: 299,
        originalPrice: 499,
        stock: 5,
        endsAt: new Date(context.clock.now().getTime() + 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(201);
    await drain();
    expect(await noticesTo(fan.id)).toEqual([]);

    context.clock.set(new Date('2026-04-10T04:00:00.000Z'));
    await drain();
    expect(await noticesTo(fan.id)).toMatchObject([
      { kind: 'daily_chaska', channel: 'whatsapp', language: 'ur', vendorId: vendor.id, costPaisa: 1300 },
    ]);
    expect(context.whatsApp.notices.at(-1)).toMatchObject({
      language: 'ur',
      notice: { type: 'daily_chaska', dealTitle: 'Karahi for two', vendorName: 'Karahi House', city: 'Multan' },
    });
    const [sms] = await noticesTo(bySms.id);
    expect(sms).toMatchObject({ kind: 'daily_chaska', channel: 'sms' });
    expect(sms!.body).toContain('Rs 299');
    expect(await noticesTo(notKeen.id)).toEqual([]);
    // The platform's pick: none of the vendor's phone messages of its plan are used.
    const audience = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns/audience?segment=all');
    expect(audience.json().byPhone.leftThisMonth).toBe(500);
  });

  it('an hourly deal that started reaches those who asked by phone, within the plan, and never after it ended', async () => {
    // 12:30 in Pakistan.
    context.clock.set(new Date('2026-04-15T07:30:00.000Z'));
    const deps = { db: db(), email: context.app.deps.email, config: context.config };
    await announceStartedHourlyDeals(deps, context.clock.now());
    await drain();
    const keen = await customerWith({ sms: { hourly_chaska: true } });
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const deal = (start: number, end: number, name: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/vendor/cards',
        headers: { cookie: owner.cookie },
        payload: {
          saveAs: 'active',
          card: {
            name,
            cardType: 'daily_chaska',
            stampsRequired: 1,
            rewardTitle: 'Karak chai',
            rewardValue: 100,
            minStampIntervalMinutes: 0,
            dealPrice: 100,
            originalPrice: 200,
            stockLeft: 5,
            dealStartsAt: new Date(context.clock.now().getTime() + start).toISOString(),
            dealEndsAt: new Date(context.clock.now().getTime() + end).toISOString(),
          },
        },
      });
    expect((await deal(HOUR, 2 * HOUR, 'Chai happy hour')).statusCode).toBe(200);
    context.clock.advance(HOUR);
    await announceStartedHourlyDeals(deps, context.clock.now());
    await drain();
    const [sms] = await noticesTo(keen.id);
    expect(sms).toMatchObject({ kind: 'hourly_chaska', channel: 'sms', vendorId: vendor.id });
    expect(sms!.body).toContain('Chai happy hour');
    expect(sms!.body).toContain('Rs 100 instead of Rs 200');

    // One from 21:00 to 21:20 is announced after 21:00: held for the morning, then dropped as over.
    context.clock.set(new Date('2026-04-15T15:30:00.000Z'));
    expect((await deal(30 * MINUTE, 50 * MINUTE, 'Late chai')).statusCode).toBe(200);
    context.clock.set(new Date('2026-04-15T16:01:00.000Z'));
    await announceStartedHourlyDeals(deps, context.clock.now());
    await drain();
    const held = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'text.notice'), eq(jobs.status, 'pending')));
    expect(held.map((job) => job.runAt.toISOString())).toEqual(['2026-04-16T04:00:00.000Z']);
    context.clock.set(new Date('2026-04-16T04:00:00.000Z'));
    await drain();
    expect((await noticesTo(keen.id)).map((row) => row.body).join()).not.toContain('Late chai');
    // The vendor's own deal is paid from its plan's phone messages.
    const audience = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns/audience?segment=all');
    expect(audience.json().byPhone.leftThisMonth).toBe(1_999);
  });

  it(`a vendor reaches one customer at most ${VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY} times a day, by hand or by campaign, on every channel at once`, async () => {
    // Noon in Pakistan.
    context.clock.set(new Date('2026-04-22T07:00:00.000Z'));
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 5 });
    const customer = await customerWith({ whatsapp: { vendor_updates: true } });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      times: [context.clock.now()],
    });
    const byHand = (subject: string, userId = customer.id) =>
      context.app.inject({
        method: 'POST',
        url: `/api/vendor/customers/${userId}/message`,
        headers: { cookie: owner.cookie },
        payload: { subject, message: 'Come by this week.' },
      });
    expect((await byHand('Eid offer')).json()).toEqual({ outcome: 'queued' });
    await campaignNow(owner.cookie, 'Double stamps', 'All week.');
    await drain();
    const third = await byHand('One more thing');
    expect([third.statusCode, third.json().error.message]).toEqual([
      429,
      'This customer has already had 2 messages from you today. Please try again tomorrow.',
    ]);

    // Two by hand first: the shop's next campaign that day leaves them out, on every channel.
    const other = await customerWith({ whatsapp: { vendor_updates: true } });
    await recordStamps(db(), { vendorId: vendor.id, cardId: card.id, userId: other.id, times: [context.clock.now()] });
    for (const subject of ['Eid offer', 'Open late tonight'])
      expect((await byHand(subject, other.id)).json()).toEqual({ outcome: 'queued' });
    await campaignNow(owner.cookie, 'Weekend special', 'Saturday only.');
    await drain();
    const list = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns');
    const figures = (subject: string) =>
      list.json().campaigns.find((row: { subject: string }) => row.subject === subject).figures;
    expect(figures('Double stamps')).toMatchObject({ recipients: 1, sent: 1 });
    expect(figures('Weekend special')).toMatchObject({ recipients: 2, sent: 0, skipped: 2 });
    const mails = (userId: string) =>
      db()
        .select({ subject: emailMessages.subject })
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, userId), eq(emailMessages.emailType, 'vendor_message')));
    const phoneMessages = async (userId: string) =>
      (await noticesTo(userId)).filter((row) => row.kind === 'vendor_message').length;
    for (const person of [customer, other])
      expect([(await mails(person.id)).length, await phoneMessages(person.id)]).toEqual([2, 2]);

    // The next day they may hear from the shop again.
    context.clock.set(new Date('2026-04-23T05:00:00.000Z'));
    expect((await byHand('Good morning')).statusCode).toBe(200);
  });

  it('a WhatsApp notice reported undelivered goes by SMS only where the customer allows SMS for it', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const whatsAppOnly = await customerWith({ whatsapp: { stamp_notifications: true } });
    const both = await customerWith({ whatsapp: { stamp_notifications: true }, sms: { stamp_notifications: true } });
    for (const customer of [whatsAppOnly, both]) {
      await staffStamps(setup, customer);
      await drain();
      const [row] = await noticesTo(customer.id);
      const body = {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [{ field: 'messages', value: { statuses: [{ id: row!.providerMessageId, status: 'failed' }] } }],
          },
        ],
      };
      const report = await context.app.inject(signedWebhook('whatsapp', body, APP_SECRET));
      expect(report.json().applied).toBe(1);
    }
    expect((await noticesTo(whatsAppOnly.id)).map((row) => row.channel)).toEqual(['whatsapp']);
    const replaced = await noticesTo(both.id);
    expect(replaced.map((row) => [row.channel, row.status]).sort()).toEqual([
      ['sms', 'sent'],
      ['whatsapp', 'failed'],
    ]);
    expect(replaced.find((row) => row.channel === 'sms')).toMatchObject({ kind: 'stamp', vendorId: setup.vendor.id });
  });
});
