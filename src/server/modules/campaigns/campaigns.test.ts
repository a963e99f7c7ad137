import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignMonth,
  inSegment,
  segmentWindow,
  SEND_TIME_PAST_MESSAGE,
  type CampaignSegment,
} from '@shared/campaigns/campaigns';
import { authUser, emailPreferences, rewards, textMessages, userCards } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import {
  callAs,
  recordReward,
  recordStamps,
  vendorOwner,
  vendorStaff,
} from '@server/modules/vendors/vendor-test-helpers';
import { campaignLinkTarget } from './campaign-link';
import { EID_CAMPAIGN } from './campaign-test-helpers';

const DAY = 86_400_000;

describe('campaigns API', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const campaign = EID_CAMPAIGN;

  /** A vendor with one customer in each segment (and one who turned vendor updates off). */
  async function shop(plan: 'starter' | 'standard' | 'premium' = 'premium') {
    const { owner, vendor } = await vendorOwner(context.app, db(), plan);
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 5 });
    const now = context.clock.now().getTime();
    const person = async (name: string) => signUpUser(context.app, { name });
    // Close: 4 of 5 stamps, last one yesterday; joined long ago.
    const close = await person('Close');
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: close.id,
      joinedAt: new Date(now - 200 * DAY),
      times: [1, 2, 3, 4].map((day) => new Date(now - day * DAY)),
    });
    // Lapsed: one stamp 60 days ago.
    const lapsed = await person('Lapsed');
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: lapsed.id,
      times: [new Date(now - 60 * DAY)],
    });
    // Holding a reward: completed card, reward not redeemed.
    const holder = await person('Holder');
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: holder.id,
      joinedAt: new Date(now - 100 * DAY),
      times: [new Date(now - 2 * DAY)],
    });
    await recordReward(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: holder.id,
      earnedAt: new Date(now - DAY),
    });
    // New: joined just now, no stamp yet.
    const fresh = await person('Fresh');
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: fresh.id,
      joinedAt: new Date(now),
      times: [],
    });
    // Muted: holds the card but switched vendor updates off.
    const muted = await person('Muted');
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: muted.id,
      times: [new Date(now - 60 * DAY)],
    });
    await db().update(emailPreferences).set({ vendorUpdates: false }).where(eq(emailPreferences.userId, muted.id));
    // A customer of another vendor only.
    const elsewhere = await vendorOwner(context.app, db(), 'premium');
    const otherCard = await createCard(db(), elsewhere.vendor.id);
    const stranger = await person('Stranger');
    await recordStamps(db(), {
      vendorId: elsewhere.vendor.id,
      cardId: otherCard.id,
      userId: stranger.id,
      times: [new Date(now - 60 * DAY)],
    });
    return { owner, vendor, card, close, lapsed, holder, fresh, muted, stranger };
  }

  const audience = async (cookie: string, query: string) =>
    callAs(context.app, cookie, 'GET', `/api/vendor/campaigns/audience?${query}`);

  it('counts each segment as the shared rule defines it, leaving out who turned vendor updates off', async () => {
    const { owner, vendor, card } = await shop();
    const now = context.clock.now();
    // Every holder's facts, read back from the tables, through the shared rule.
    const holdings = await db().select().from(userCards).where(eq(userCards.cardId, card.id));
    const held = await db().select().from(rewards).where(eq(rewards.vendorId, vendor.id));
    const muted = (await db().select().from(emailPreferences).where(eq(emailPreferences.vendorUpdates, false))).map(
      (row) => row.userId,
    );
    const expected = (segment: CampaignSegment, lapsedDays: number | null = null) =>
      holdings.filter(
        (holding) =>
          !muted.includes(holding.userId) &&
          inSegment(
            segmentWindow(segment, lapsedDays, now),
            {
              cards: [
                {
                  stampsToGo: card.stampsRequired - holding.stampsCollected,
                  completed: holding.status === 'completed',
                  joinedAt: holding.createdAt,
                  lastStampAt: holding.lastStampAt,
                },
              ],
              rewards: held
                .filter((reward) => reward.userId === holding.userId && reward.status === 'earned')
                .map((reward) => ({ expiresAt: reward.expiresAt })),
            },
            now,
          ),
      ).length;
    const counted = async (query: string) => (await audience(owner.cookie, query)).json().recipients;
    expect(await counted('segment=all')).toBe(4);
    expect(await counted('segment=all')).toBe(expected('all'));
    expect(await counted('segment=close_to_reward')).toBe(expected('close_to_reward'));
    expect(expected('close_to_reward')).toBe(1);
    expect(await counted('segment=lapsed&lapsedDays=30')).toBe(expected('lapsed', 30));
    expect(expected('lapsed', 30)).toBe(1);
    expect(await counted('segment=lapsed&lapsedDays=90')).toBe(0);
    expect(await counted('segment=unredeemed_reward')).toBe(expected('unredeemed_reward'));
    expect(expected('unredeemed_reward')).toBe(1);
    // "This month" in Pakistan time: the fresh customer at least (others joined months ago).
    expect(await counted('segment=joined_this_month')).toBe(expected('joined_this_month'));
    expect(expected('joined_this_month')).toBeGreaterThanOrEqual(1);
  });

  it('counts who would also get it by WhatsApp or by SMS only, with the plan month left and the prices (decision 081)', async () => {
    const { owner, vendor, close, lapsed, holder, muted } = await shop();
    const phone = async (userId: string, toggles: { whatsappVendorUpdates?: boolean; smsVendorUpdates?: boolean }) => {
      const phoneNumber = `+92334${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
      await db().update(authUser).set({ phoneNumber, phoneNumberVerified: true }).where(eq(authUser.id, userId));
      await db().update(emailPreferences).set(toggles).where(eq(emailPreferences.userId, userId));
    };
    await phone(close.id, { whatsappVendorUpdates: true, smsVendorUpdates: true });
    await phone(lapsed.id, { smsVendorUpdates: true });
    await phone(holder.id, { whatsappVendorUpdates: false });
    // Turned vendor updates off by e-mail: out of the audience, whatever its phone toggles say.
    await phone(muted.id, { whatsappVendorUpdates: true });
    const answer = (await audience(owner.cookie, 'segment=all')).json();
    // This server has SMS and no WhatsApp: both go by SMS.
    expect(answer).toEqual({
      recipients: 4,
      byPhone: { whatsapp: 0, sms: 2, leftThisMonth: 2_000, whatsappPaisa: 1300, smsPartPaisa: 75 },
    });
    // The month's messages already sent count against the plan.
    await db().insert(textMessages).values({
      toPhone: '+923340000000',
      kind: 'vendor_message',
      channel: 'sms',
      language: 'en',
      body: 'Earlier',
      status: 'sent',
      vendorId: vendor.id,
      createdAt: context.clock.now(),
      updatedAt: context.clock.now(),
    });
    expect((await audience(owner.cookie, 'segment=all')).json().byPhone.leftThisMonth).toBe(1_999);
  });

  it('sends now, schedules for later, cancels a scheduled one and lists them with figures', async () => {
    const { owner } = await shop();
    const now = context.clock.now();
    const sent = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/campaigns', campaign);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      subject: 'Eid offer',
      segment: 'all',
      status: 'scheduled',
      sendAt: now.toISOString(),
    });

    const later = new Date(now.getTime() + 3 * DAY).toISOString();
    const scheduled = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/campaigns', {
      ...campaign,
      segment: 'lapsed',
      lapsedDays: 30,
      sendAt: later,
    });
    expect(scheduled.statusCode).toBe(201);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', sendAt: later, lapsedDays: 30 });

    const cancelled = await callAs(
      context.app,
      owner.cookie,
      'POST',
      `/api/vendor/campaigns/${scheduled.json().id}/cancel`,
    );
    expect([cancelled.statusCode, cancelled.json().status]).toEqual([200, 'cancelled']);
    const again = await callAs(
      context.app,
      owner.cookie,
      'POST',
      `/api/vendor/campaigns/${scheduled.json().id}/cancel`,
    );
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'campaign_started']);

    const list = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns')).json();
    expect(list.campaigns.map((each: { id: string; status: string }) => [each.id, each.status])).toEqual([
      [scheduled.json().id, 'cancelled'],
      [sent.json().id, 'scheduled'],
    ]);
    expect(list.usage).toEqual({ used: 1, limit: 8 });
    expect(list.lockedMessage).toBeNull();
    expect(list.campaigns[1].figures).toEqual({
      recipients: 0,
      heldOut: 0,
      sent: 0,
      skipped: 0,
      delivered: 0,
      opened: 0,
      cameBack: 0,
      byPhone: {
        whatsapp: { sent: 0, delivered: 0, read: 0, failed: 0 },
        sms: { sent: 0, delivered: 0, read: 0, failed: 0 },
      },
      lift: null,
    });
  });

  it("refuses staff, customers, the signed-out and another vendor's campaign", async () => {
    const { owner, vendor } = await shop();
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const customer = await signUpUser(context.app);
    const created = (
      await callAs(context.app, owner.cookie, 'POST', '/api/vendor/campaigns', {
        ...campaign,
        sendAt: new Date(context.clock.now().getTime() + DAY).toISOString(),
      })
    ).json();
    const requests: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/api/vendor/campaigns'],
      ['GET', '/api/vendor/campaigns/audience?segment=all'],
      ['POST', '/api/vendor/campaigns', campaign],
      ['POST', `/api/vendor/campaigns/${created.id}/cancel`],
    ];
    for (const [method, url, payload] of requests) {
      expect((await callAs(context.app, staff.cookie, method, url, payload)).statusCode).toBe(403);
      expect((await callAs(context.app, customer.cookie, method, url, payload)).statusCode).toBe(403);
      expect((await context.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    const stranger = await vendorOwner(context.app, db(), 'premium');
    const foreign = await callAs(
      context.app,
      stranger.owner.cookie,
      'POST',
      `/api/vendor/campaigns/${created.id}/cancel`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a plan without campaigns and a month whose campaigns are used up', async () => {
    const starter = await shop('starter');
    const list = (await callAs(context.app, starter.owner.cookie, 'GET', '/api/vendor/campaigns')).json();
    expect(list).toMatchObject({
      usage: { used: 0, limit: 0 },
      lockedMessage: 'This feature needs the Standard plan.',
    });
    for (const response of [
      await audience(starter.owner.cookie, 'segment=all'),
      await callAs(context.app, starter.owner.cookie, 'POST', '/api/vendor/campaigns', campaign),
    ])
      expect([response.statusCode, response.json().error]).toEqual([
        403,
        { code: 'plan_required', message: 'This feature needs the Standard plan.' },
      ]);

    const standard = await shop('standard');
    const post = (body: object) => callAs(context.app, standard.owner.cookie, 'POST', '/api/vendor/campaigns', body);
    const farAhead = new Date(context.clock.now().getTime() + 2 * DAY).toISOString();
    const first = (await post({ ...campaign, sendAt: farAhead })).json();
    expect((await post(campaign)).statusCode).toBe(201);
    const third = await post(campaign);
    expect([third.statusCode, third.json().error.code]).toEqual([403, 'campaign_limit']);
    expect(third.json().error.message).toBe(
      'You have sent the 2 campaigns your plan allows this month. Upgrade your plan on Billing to send more.',
    );
    // A cancelled campaign gives its place back (when both fall in the same Pakistan month).
    await callAs(context.app, standard.owner.cookie, 'POST', `/api/vendor/campaigns/${first.id}/cancel`);
    const sameMonth =
      campaignMonth(new Date(first.sendAt)).start.getTime() === campaignMonth(context.clock.now()).start.getTime();
    expect((await post(campaign)).statusCode).toBe(sameMonth ? 201 : 403);
  });

  it('refuses bad input naming the field, and a send time in the past, changing nothing', async () => {
    const { owner } = await shop();
    const post = (body: object) => callAs(context.app, owner.cookie, 'POST', '/api/vendor/campaigns', body);
    const cases: Array<[object, string]> = [
      [{ ...campaign, subject: '' }, 'subject'],
      [{ ...campaign, subject: 'x'.repeat(121) }, 'subject'],
      [{ ...campaign, subject: 'Eid offer\r\nBcc: all@example.com' }, 'subject'],
      [{ ...campaign, message: '   ' }, 'message'],
      [{ ...campaign, segment: 'vip' }, 'segment'],
      [{ ...campaign, segment: 'lapsed' }, 'lapsedDays'],
      [{ ...campaign, segment: 'lapsed', lapsedDays: 3 }, 'lapsedDays'],
      [{ ...campaign, sendAt: 'tomorrow' }, 'sendAt'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields), field).toEqual([field]);
    }
    const past = await post({ ...campaign, sendAt: new Date(context.clock.now().getTime() - 3_600_000).toISOString() });
    expect([past.statusCode, past.json().error.fields]).toEqual([400, { sendAt: SEND_TIME_PAST_MESSAGE }]);
    const tooFar = await post({
      ...campaign,
      sendAt: new Date(context.clock.now().getTime() + 100 * DAY).toISOString(),
    });
    expect(Object.keys(tooFar.json().error.fields)).toEqual(['sendAt']);

    const badCount = await audience(owner.cookie, 'segment=lapsed&lapsedDays=abc');
    expect([badCount.statusCode, Object.keys(badCount.json().error.fields)]).toEqual([400, ['lapsedDays']]);
    expect((await audience(owner.cookie, 'segment=everyone')).json().error.fields).toHaveProperty('segment');
    expect(
      (await callAs(context.app, owner.cookie, 'POST', '/api/vendor/campaigns/not-a-uuid/cancel')).statusCode,
    ).toBe(400);
    expect((await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns')).json().campaigns).toEqual([]);
  });

  it('a tracked link leads only to the vendor page on this site, whatever it is given', async () => {
    const site = context.config.publicUrl;
    expect(campaignLinkTarget(site, 'chai-corner')).toBe(`${site}/vendors/chai-corner`);
    expect(campaignLinkTarget(site, null)).toBe(`${site}/`);
    expect(campaignLinkTarget(site, '//evil.example')).toBe(`${site}/vendors/%2F%2Fevil.example`);
    for (const url of [
      '/api/campaigns/open/00000000-0000-4000-8000-000000000000?t=forged',
      '/api/campaigns/open/https%3A%2F%2Fevil.example?t=x',
      '/api/campaigns/open/x',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect([response.statusCode, response.headers.location]).toEqual([302, `${site}/`]);
    }
  });
});
