import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CREATABLE_CARD_TYPES, type CreatableCardType } from '@shared/cards/cards';
import {
  cardTypeLockedMessage,
  cheapestPlanWith,
  cheapestPlanWithSocialSharing,
  featureNeedsPlanMessage,
  isUnlimited,
  PLANS,
  planAllowsCardType,
  planAllowsQrStyle,
  type PlanCapability,
  type PlanLimits,
  type SubscriptionPlan,
} from '@shared/billing/plans';
import { cardLimitMessage } from '@server/modules/billing/plan-limits-for-vendor';
import { branchLimitMessage } from '@server/modules/vendors/branches';
import { branchOf } from '@server/modules/vendors/vendor-test-helpers';
import { formatNumber } from '@shared/number-format';
import { hourlyDealsLockedMessage } from '@shared/cards/hourly-deals';
import { ANALYTICS_FEATURES, ANALYTICS_RANGES } from '@shared/analytics/vendor-analytics';
import { apiKeys, authUser, branches, emailPreferences, jobs, loyaltyCards, textMessages } from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { queueVendorMessages } from '@server/modules/customers/send-vendor-message';
import { hashToken } from '@server/lib/signing';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { collectWith, counterCodeFor, prefillMonthlyStamps } from '@server/modules/stamps/stamp-test-helpers';
import { postSandboxWebhook, sandboxEvent } from './billing-test-helpers';
import { pdfText } from '@server/modules/stamps/counter-qr-test-helpers';
import { headOf, metaOf } from '@server/modules/seo/page-head-test-helpers';
import { pathOf, pngSize } from '@server/modules/marketplace/share-test-helpers';

/**
 * Every capability of every plan (src/shared/plans.ts), checked on the server: the table below
 * enumerates PLANS x the capabilities of PlanLimits, so a new plan is covered as it is added and
 * a new capability does not compile until it has a probe here.
 */
const context = useTestApp();
const db = () => context.database.db;

/** The sandbox's completed checkout moving the vendor onto the plan, which billing applies. */
async function completeCheckout(vendorId: string, plan: SubscriptionPlan, subscription: string) {
  const event = sandboxEvent({
    type: 'checkout_completed',
    vendorId,
    planId: plan.id,
    created: context.clock.now(),
    subscription,
  });
  expect((await postSandboxWebhook(context.app, context.config, event)).json().outcome).toBe('applied');
}

/** Fields of a valid card of each type, as the vendor's form sends them. */
function cardOf(type: CreatableCardType, name = `${type} card`) {
  return {
    name,
    cardType: type,
    stampsRequired: type === 'daily_chaska' ? 1 : 5,
    rewardTitle: 'Free Chai',
    rewardValue: 300,
    minStampIntervalMinutes: 0,
    ...(type === 'daily_chaska'
      ? {
          dealPrice: 299,
          originalPrice: 499,
          stockLeft: 5,
          dealEndsAt: new Date(context.clock.now().getTime() + 86_400_000).toISOString(),
        }
      : {}),
    ...(type === 'exclusive' ? { membershipFeeYearly: 999 } : {}),
  };
}

/** An Hourly Chaska deal from now for an hour, as the vendor's form sends it. */
function hourlyDeal(name = 'Chai hour') {
  const now = context.clock.now().getTime();
  return {
    ...cardOf('daily_chaska', name),
    dealStartsAt: new Date(now).toISOString(),
    dealEndsAt: new Date(now + 3_600_000).toISOString(),
  };
}

/** Every public card in listing order, page by page. */
async function wholeListing(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { cards: Array<{ id: string }>; nextCursor: string | null } = (
      await context.app.inject({
        method: 'GET',
        url: `/api/marketplace/cards?limit=48${cursor ? `&cursor=${cursor}` : ''}`,
      })
    ).json();
    ids.push(...page.cards.map((card) => card.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

async function vendorOn(plan: SubscriptionPlan) {
  const owner = await signUpUser(context.app, { name: 'Owais' });
  const vendor = await createVendor(db(), { ownerUserId: owner.id, plan: plan.id });
  return { owner, vendor };
}

function call(user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return context.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A key stored for the vendor directly, as one kept from an Enterprise period would be. */
async function heldKeyFor(vendorId: string): Promise<string> {
  const key = `chk_live_held-${vendorId}`;
  await db()
    .insert(apiKeys)
    .values({ vendorId, name: 'Kept from Enterprise', prefix: key.slice(0, 15), keyHash: hashToken(key) });
  return key;
}

type Probe<K extends PlanCapability> = (plan: SubscriptionPlan, value: PlanLimits[K]) => Promise<void>;

const probes: { [K in PlanCapability]: Probe<K> } = {
  async maxCards(plan, maxCards) {
    const { owner, vendor } = await vendorOn(plan);
    // Unlimited: one more than any limited plan allows.
    const allowed = isUnlimited(maxCards) ? Math.max(...PLANS.map((each) => each.limits.maxCards)) + 1 : maxCards;
    for (let index = 0; index < allowed; index += 1) {
      expect(
        (await call(owner, 'POST', '/api/vendor/cards', { card: cardOf('free', `Card ${index}`), saveAs: 'active' }))
          .statusCode,
      ).toBe(200);
    }
    if (isUnlimited(maxCards)) return;
    // Over the limit, every way into active is refused: create, activate, and an admin's restore.
    const created = await call(owner, 'POST', '/api/vendor/cards', { card: cardOf('free'), saveAs: 'active' });
    expect(created.json().error).toEqual({ code: 'card_limit_reached', message: cardLimitMessage(maxCards) });
    const draft = await createCard(db(), vendor.id, { status: 'draft' });
    expect((await call(owner, 'POST', `/api/vendor/cards/${draft.id}/activate`)).json().error.message).toBe(
      cardLimitMessage(maxCards),
    );
    const paused = await createCard(db(), vendor.id, { status: 'paused' });
    const admin = await signUpAdmin(context.app, db());
    const restored = await call(admin, 'POST', `/api/admin/cards/${paused.id}/restore`);
    expect(restored.statusCode).toBe(409);
    expect(restored.json().error.message).toBe(cardLimitMessage(maxCards));
    const active = await db()
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active')));
    expect(active).toHaveLength(maxCards);
  },

  async maxBranches(plan, maxBranches) {
    const { owner, vendor } = await vendorOn(plan);
    // The main branch (the vendor's address) is the first; unlimited is one more than any limited plan.
    const allowed = isUnlimited(maxBranches)
      ? Math.max(...PLANS.map((each) => each.limits.maxBranches)) + 1
      : maxBranches;
    for (let index = 1; index < allowed; index += 1) {
      expect((await call(owner, 'POST', '/api/vendor/branches', branchOf(`Branch ${index}`))).statusCode).toBe(201);
    }
    if (isUnlimited(maxBranches)) return;
    const refused = await call(owner, 'POST', '/api/vendor/branches', branchOf('One too many'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'branch_limit_reached', message: branchLimitMessage(maxBranches) });
    const rows = await db().select().from(branches).where(eq(branches.vendorId, vendor.id));
    expect(rows).toHaveLength(maxBranches);
  },

  async maxStampsPerMonth(plan, maxStamps) {
    const { owner, vendor } = await vendorOn(plan);
    const card = await createCard(db(), vendor.id, { minStampIntervalMinutes: 0 });
    const setup = { owner, vendor, card };
    // Unlimited: beyond any limited plan's month.
    const used = isUnlimited(maxStamps)
      ? Math.max(...PLANS.map((each) => each.limits.maxStampsPerMonth))
      : maxStamps - 1;
    await prefillMonthlyStamps(context.app, db(), setup, used, context.clock.now());
    const customer = await signUpUser(context.app);
    expect(
      (
        await collectWith(
          context.app,
          customer.cookie,
          (await counterCodeFor(context.app, owner.cookie, card.id)).qrPayload,
        )
      ).statusCode,
    ).toBe(200);
    if (isUnlimited(maxStamps)) return;
    const refused = await collectWith(
      context.app,
      customer.cookie,
      (await counterCodeFor(context.app, owner.cookie, card.id)).qrPayload,
    );
    expect(refused.json().error).toEqual({
      code: 'stamp_limit_reached',
      message: `Monthly stamp limit reached. Maximum ${formatNumber(maxStamps)} stamps per month.`,
    });
  },

  async analytics(plan, level) {
    const { owner } = await vendorOn(plan);
    const features = ANALYTICS_FEATURES[level];
    for (const range of ANALYTICS_RANGES) {
      const response = await call(owner, 'GET', `/api/vendor/analytics?range=${range}`);
      expect([range, response.statusCode]).toEqual([range, features.ranges.includes(range) ? 200 : 403]);
    }
    for (const [path, feature] of [
      ['export.csv', 'csv'],
      ['export.pdf', 'pdf'],
      ['report', 'report'],
    ] as const) {
      const response = await call(owner, 'GET', `/api/vendor/analytics/${path}?range=7d`);
      expect([path, response.statusCode]).toEqual([path, features[feature] ? 200 : 403]);
    }
  },

  async cardTypes(plan, cardTypes) {
    const { owner, vendor } = await vendorOn(plan);
    const admin = await signUpAdmin(context.app, db());
    for (const type of CREATABLE_CARD_TYPES) {
      const allowed = cardTypes.includes(type);
      const created = await call(owner, 'POST', '/api/vendor/cards', { card: cardOf(type), saveAs: 'draft' });
      expect([type, created.statusCode]).toEqual([type, allowed ? 200 : 403]);
      if (allowed) continue;
      expect(created.json().error).toEqual({ code: 'plan_required', message: cardTypeLockedMessage(type) });
      // Edit to it, activate one, or have an admin restore one: the plan decides every path.
      const other = await createCard(db(), vendor.id, { status: 'draft' });
      expect((await call(owner, 'PUT', `/api/vendor/cards/${other.id}`, cardOf(type))).json().error.code).toBe(
        'plan_required',
      );
      const locked = await createCard(db(), vendor.id, { cardType: type, status: 'paused' });
      expect((await call(owner, 'POST', `/api/vendor/cards/${locked.id}/activate`)).json().error.code).toBe(
        'plan_required',
      );
      expect((await call(admin, 'POST', `/api/admin/cards/${locked.id}/restore`)).json().error.code).toBe(
        'plan_required',
      );
    }
    const list = (await call(owner, 'GET', '/api/vendor/cards')).json();
    expect(list.allowedCardTypes).toEqual([...cardTypes]);

    // Moving to this plan from Enterprise pauses active cards of types it lacks, like cards over its limit.
    const mover = await vendorOn(PLANS.find((each) => each.id === 'enterprise')!);
    for (const type of CREATABLE_CARD_TYPES) await createCard(db(), mover.vendor.id, { cardType: type, name: type });
    await completeCheckout(mover.vendor.id, plan, `sub_${plan.id}`);
    const after = await db()
      .select({ cardType: loyaltyCards.cardType, status: loyaltyCards.status })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.vendorId, mover.vendor.id));
    for (const card of after) {
      if (!planAllowsCardType(plan.limits, card.cardType))
        expect([card.cardType, card.status]).toEqual([card.cardType, 'paused']);
    }
    const stillActive = after.filter((card) => card.status === 'active');
    expect(stillActive.length).toBe(
      isUnlimited(plan.limits.maxCards) ? cardTypes.length : Math.min(cardTypes.length, plan.limits.maxCards),
    );
  },

  async apiAccess(plan, apiAccess) {
    const { owner, vendor } = await vendorOn(plan);
    const admin = await signUpAdmin(context.app, db());
    const response = await call(admin, 'POST', '/api/admin/api-keys', { vendorId: vendor.id, name: 'Point of sale' });
    expect(response.statusCode).toBe(apiAccess ? 201 : 422);
    if (!apiAccess) expect(response.json().error.message).toBe('API keys are for vendors on the Enterprise plan.');
    // The vendor's owner creates keys and webhook endpoints on API & Webhooks (Enterprise only).
    const locked = 'This feature needs the Enterprise plan. Upgrade on Billing: http://localhost:3000/vendor/billing';
    const own = await call(owner, 'POST', '/api/vendor/api/keys', { name: 'Counter POS', scopes: ['read', 'stamp'] });
    expect(own.statusCode).toBe(apiAccess ? 201 : 403);
    if (!apiAccess) expect(own.json().error).toEqual({ code: 'plan_required', message: locked });
    const endpoint = await call(owner, 'POST', '/api/vendor/api/webhooks', {
      url: 'https://pos.example.pk/hooks',
      events: ['stamp.created'],
    });
    expect(endpoint.statusCode).toBe(apiAccess ? 201 : 403);
    // The API itself: a key the vendor holds (issued while it was allowed) works only on the plan.
    const held = apiAccess ? (own.json().key as string) : await heldKeyFor(vendor.id);
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${held}` },
    });
    expect(me.statusCode).toBe(apiAccess ? 200 : 403);
    if (apiAccess) expect(me.json().vendor.id).toBe(vendor.id);
    else expect(me.json().error).toEqual({ code: 'plan_required', message: locked });
  },

  async partnerCards(plan, partnerCards) {
    const { owner, vendor } = await vendorOn(plan);
    const card = await createCard(db(), vendor.id, { name: 'Food Street Card' });
    const partnerOwner = await signUpUser(context.app, { name: 'Parveen' });
    const partner = await createVendor(db(), { ownerUserId: partnerOwner.id, plan: 'starter' });
    const response = await call(owner, 'POST', `/api/vendor/cards/${card.id}/partners`, { partner: partner.slug });
    expect(response.statusCode).toBe(partnerCards ? 200 : 403);
    if (!partnerCards)
      expect(response.json().error.message).toBe(
        'Partner cards come with the Standard plan and above. Upgrade to invite partners.',
      );
  },

  async qrStyle(plan, level) {
    const { owner, vendor } = await vendorOn(plan);
    // Custom QR codes (Standard): the vendor's colours, set on the profile.
    const { profile } = (await call(owner, 'GET', '/api/vendor/profile')).json();
    const colours = await call(owner, 'PUT', '/api/vendor/profile', {
      ...profile,
      qrForeground: '#14532d',
      qrBackground: '#f0fdf4',
    });
    const custom = planAllowsQrStyle(plan.limits, 'custom');
    expect(colours.statusCode).toBe(custom ? 200 : 403);
    if (!custom)
      expect(colours.json().error).toMatchObject({
        code: 'plan_required',
        message: 'This feature needs the Standard plan.',
      });
    const { style } = (await call(owner, 'GET', '/api/vendor/qr-style')).json();
    expect(style.level).toBe(level);
    expect([style.foreground, style.background]).toEqual(custom ? ['#14532d', '#f0fdf4'] : ['#1c1917', '#ffffff']);
    // Branded QR codes (Premium): the logo in the centre, on high error correction.
    const branded = planAllowsQrStyle(plan.limits, 'branded');
    expect([style.badge !== null, style.errorCorrection]).toEqual([branded, branded ? 'H' : 'M']);
    // White-label QR codes (Enterprise): no Chaska name on the counter screen or the poster.
    const whiteLabel = planAllowsQrStyle(plan.limits, 'white_label');
    expect(style.showBrand).toBe(!whiteLabel);
    const card = await createCard(db(), vendor.id);
    const poster = await call(owner, 'GET', `/api/vendor/counter-poster.pdf?size=A5&cardId=${card.id}`);
    expect(poster.statusCode).toBe(200);
    expect(/chaska/i.test(pdfText(poster.rawPayload))).toBe(!whiteLabel);
  },

  async socialSharing(plan, socialSharing) {
    const { owner, vendor } = await vendorOn(plan);
    const card = await createCard(db(), vendor.id, { name: 'Chai Combo', stampsRequired: 5 });
    // The share preview of the vendor page, as WhatsApp and Facebook read it, and its picture.
    const head = await headOf(context.app, `/vendors/${vendor.slug}`);
    expect(metaOf(head, 'og:title')).toBe(`${vendor.businessName}, ${vendor.city} · Chaska`);
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
    const image = metaOf(head, 'og:image')!;
    expect(image).toBe(
      `${context.config.publicUrl}${socialSharing ? `/og/vendor/${vendor.slug}.png` : '/og/site.png'}`,
    );
    const picture = await context.app.inject({ method: 'GET', url: pathOf(image) });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/png']);
    expect(pngSize(picture.rawPayload)).toEqual({ width: 1200, height: 630 });
    // Below the plan, the vendor's own picture is the brand's.
    const own = await context.app.inject({ method: 'GET', url: `/og/vendor/${vendor.slug}.png` });
    expect(own.statusCode).toBe(socialSharing ? 200 : 302);
    if (!socialSharing) expect(own.headers.location).toBe('/og/site.png');
    const cardHead = await headOf(context.app, `/vendors/${vendor.slug}?card=${card.id}`);
    expect(metaOf(cardHead, 'og:image')).toBe(
      `${context.config.publicUrl}${socialSharing ? `/og/deal/${card.id}.png` : '/og/site.png'}`,
    );
    // The square image of today's deal, from the server, and the panel's refusal.
    const square = await call(owner, 'GET', '/api/vendor/share/today-deal.png');
    const overview = (await call(owner, 'GET', '/api/vendor/share')).json();
    expect(overview.allowed).toBe(socialSharing);
    if (socialSharing) {
      expect([square.statusCode, square.headers['content-type']]).toEqual([200, 'image/png']);
      expect(pngSize(square.rawPayload)).toEqual({ width: 1080, height: 1080 });
    } else {
      const message = `This feature needs the ${cheapestPlanWithSocialSharing().name} plan.`;
      expect(message).toBe('This feature needs the Premium plan.');
      expect([square.statusCode, square.json().error]).toEqual([403, { code: 'plan_required', message }]);
      expect(overview.lockedMessage).toBe(message);
    }
  },

  async hourlyDeals(plan, hourlyDeals) {
    context.clock.moveToNextPakistanTime(12, 30); // an hour's deal needs an hour left in the day
    const { owner, vendor } = await vendorOn(plan);
    const created = await call(owner, 'POST', '/api/vendor/cards', { card: hourlyDeal(), saveAs: 'active' });
    expect(created.statusCode).toBe(hourlyDeals ? 200 : 403);
    if (hourlyDeals) {
      // Live on /daily-chaska, and a customer can claim it.
      const listed = (
        await context.app.inject({ method: 'GET', url: '/api/marketplace/cards?type=daily_chaska&limit=48' })
      ).json();
      expect(listed.cards.map((card: { id: string }) => card.id)).toContain(created.json().id);
      const customer = await signUpUser(context.app);
      expect((await call(customer, 'POST', `/api/marketplace/cards/${created.json().id}/join`)).statusCode).toBe(201);
    } else {
      expect(created.json().error.code).toBe('plan_required');
      // A plan with Daily Chaska names the plan that adds hourly deals; one without names Daily Chaska's.
      expect(created.json().error.message).toBe(
        planAllowsCardType(plan.limits, 'daily_chaska')
          ? hourlyDealsLockedMessage()
          : cardTypeLockedMessage('daily_chaska'),
      );
      // Edit a card into an hourly deal, activate a paused one, or have an admin restore one: refused too.
      const other = await createCard(db(), vendor.id, { status: 'draft' });
      expect((await call(owner, 'PUT', `/api/vendor/cards/${other.id}`, hourlyDeal())).json().error.code).toBe(
        'plan_required',
      );
      const start = context.clock.now();
      const paused = await createCard(db(), vendor.id, {
        cardType: 'daily_chaska',
        status: 'paused',
        stockLeft: 5,
        dealStartsAt: start,
        dealEndsAt: new Date(start.getTime() + 3_600_000),
      });
      expect((await call(owner, 'POST', `/api/vendor/cards/${paused.id}/activate`)).json().error.code).toBe(
        'plan_required',
      );
      const admin = await signUpAdmin(context.app, db());
      expect((await call(admin, 'POST', `/api/admin/cards/${paused.id}/restore`)).json().error.code).toBe(
        'plan_required',
      );
    }
    expect((await call(owner, 'GET', '/api/vendor/cards')).json().hourlyDeals).toBe(hourlyDeals);

    // Moving to this plan from Enterprise pauses a running hourly deal the plan does not include.
    const mover = await vendorOn(PLANS.find((each) => each.id === 'enterprise')!);
    const deal = (
      await call(mover.owner, 'POST', '/api/vendor/cards', { card: hourlyDeal(), saveAs: 'active' })
    ).json();
    await completeCheckout(mover.vendor.id, plan, `sub_hourly_${plan.id}`);
    const [after] = await db()
      .select({ status: loyaltyCards.status })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.id, deal.id));
    expect(after!.status).toBe(hourlyDeals ? 'active' : 'paused');
  },

  async automations(plan, automations) {
    const { owner } = await vendorOn(plan);
    const overview = (await call(owner, 'GET', '/api/vendor/automations')).json();
    expect(overview.allowed).toBe(automations);
    const saved = await call(owner, 'PUT', '/api/vendor/automations/welcome', {
      enabled: true,
      subject: 'Welcome',
      body: 'Hello {name}',
      bonusStamp: true,
    });
    expect(saved.statusCode).toBe(automations ? 200 : 403);
    if (!automations)
      expect(saved.json().error).toEqual({ code: 'plan_required', message: 'This feature needs the Standard plan.' });
  },

  async priorityPlacement(plan, priorityPlacement) {
    const { vendor } = await vendorOn(plan);
    const other = await vendorOn(PLANS[0]!);
    const now = context.clock.now().getTime();
    // The plan's card is a day older than the starter vendor's: only priority puts it first.
    const older = await createCard(db(), vendor.id, { name: 'Older card', createdAt: new Date(now - 86_400_000) });
    const newer = await createCard(db(), other.vendor.id, { name: 'Newer card', createdAt: new Date(now) });
    const order = await wholeListing();
    expect(order.indexOf(older.id) < order.indexOf(newer.id)).toBe(priorityPlacement);
  },

  async campaignsPerMonth(plan, campaignsPerMonth) {
    const { owner } = await vendorOn(plan);
    const campaign = { subject: 'Eid offer', message: 'Come by this week.', segment: 'all' };
    // Unlimited: one more than any limited plan allows.
    const allowed = isUnlimited(campaignsPerMonth)
      ? Math.max(...PLANS.map((each) => each.limits.campaignsPerMonth)) + 1
      : campaignsPerMonth;
    for (let index = 0; index < allowed; index += 1)
      expect((await call(owner, 'POST', '/api/vendor/campaigns', campaign)).statusCode).toBe(201);
    const list = (await call(owner, 'GET', '/api/vendor/campaigns')).json();
    expect(list.usage).toEqual({ used: allowed, limit: campaignsPerMonth });
    if (isUnlimited(campaignsPerMonth)) return;
    const refused = await call(owner, 'POST', '/api/vendor/campaigns', campaign);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(campaignsPerMonth === 0 ? 'plan_required' : 'campaign_limit');
    expect(list.lockedMessage).toBe(campaignsPerMonth === 0 ? 'This feature needs the Standard plan.' : null);
  },

  async phoneMessagesPerMonth(plan, phoneMessagesPerMonth) {
    const { vendor } = await vendorOn(plan);
    const now = context.clock.now();
    // Two customers who asked for vendor updates by SMS.
    const customers = await Promise.all(
      ['Hina', 'Bilal'].map(async (name) => {
        const user = await signUpUser(context.app, { name });
        const phoneNumber = `+92333${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
        await db().update(authUser).set({ phoneNumber, phoneNumberVerified: true }).where(eq(authUser.id, user.id));
        await db().update(emailPreferences).set({ smsVendorUpdates: true }).where(eq(emailPreferences.userId, user.id));
        return user;
      }),
    );
    // The month's messages but one are spent already.
    if (phoneMessagesPerMonth > 1)
      await db().execute(
        sql`insert into ${textMessages} (to_phone, kind, channel, language, body, status, vendor_id, created_at, updated_at)
          select '+923330000000', 'vendor_message', 'sms', 'en', 'Earlier', 'sent', ${vendor.id}, ${now}, ${now}
          from generate_series(1, ${phoneMessagesPerMonth - 1})`,
      );
    await db().transaction((tx) =>
      queueVendorMessages(
        context.app.deps,
        customers.map((customer) => ({
          vendor: { id: vendor.id, businessName: vendor.businessName, slug: vendor.slug },
          customer: { userId: customer.id, email: customer.email, name: 'Hina' },
          subject: 'Eid offer',
          message: 'Come by this week.',
        })),
        now,
        tx,
      ),
    );
    // They wait for 09:00 to 21:00 in Pakistan, then go within the plan's month.
    const waiting = await db().select().from(jobs).where(eq(jobs.name, 'text.notice'));
    const runAt = Math.max(...waiting.map((job) => job.runAt.getTime()));
    await runDueJobs(context.app, { now: new Date(runAt) });
    const sent = await db()
      .select()
      .from(textMessages)
      .where(and(eq(textMessages.vendorId, vendor.id), eq(textMessages.kind, 'vendor_message')));
    expect(sent.filter((message) => message.userId !== null)).toHaveLength(phoneMessagesPerMonth === 0 ? 0 : 1);
  },
  async tiers(plan, tiers) {
    const { owner, vendor } = await vendorOn(plan);
    const card = await createCard(db(), vendor.id);
    const rule = { basis: 'visits', levels: [{ name: 'Silver', from: 5, multiplier: 1.25 }] };
    const saved = await call(owner, 'PUT', `/api/vendor/cards/${card.id}/tiers`, { tiers: rule });
    expect(saved.statusCode).toBe(tiers ? 200 : 403);
    if (!tiers)
      expect(saved.json().error).toEqual({
        code: 'plan_required',
        message: featureNeedsPlanMessage(cheapestPlanWith('tiers')),
      });
    expect((await call(owner, 'GET', '/api/vendor/cards')).json().tiers).toBe(tiers);
    const [stored] = await db().select().from(loyaltyCards).where(eq(loyaltyCards.id, card.id));
    expect(stored!.tiers).toEqual(tiers ? rule : null);
    // Turning them off is every plan's: a vendor that lost Premium can clear what it set.
    expect((await call(owner, 'PUT', `/api/vendor/cards/${card.id}/tiers`, { tiers: null })).statusCode).toBe(200);
  },
};

describe('plan capabilities are enforced on the server', () => {
  it('every plan has the same capabilities, each with a probe', () => {
    for (const plan of PLANS) expect(Object.keys(plan.limits).sort()).toEqual(Object.keys(probes).sort());
  });

  for (const plan of PLANS) {
    for (const capability of Object.keys(plan.limits) as PlanCapability[]) {
      it(`${plan.name}: ${capability} = ${JSON.stringify(plan.limits[capability])}`, async () => {
        const probe = probes[capability] as Probe<typeof capability>;
        await probe(plan, plan.limits[capability]);
      });
    }
  }
});
