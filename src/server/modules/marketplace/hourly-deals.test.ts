import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { hourlyDealProblems } from '@shared/cards/hourly-deals';
import type { CardPage } from '@shared/marketplace/marketplace';
import { emailMessages, emailPreferences, loyaltyCards } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { announceStartedHourlyDeals } from './announce-hourly-deals';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('the hourly deal window (shared rule)', () => {
  // 12:30 in Pakistan (07:30 UTC).
  const now = new Date('2026-03-11T07:30:00.000Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  it('accepts a window later today with stock', () => {
    expect(hourlyDealProblems({ startsAt: at(HOUR), endsAt: at(2 * HOUR), stockLeft: 1 }, now)).toEqual({});
  });

  it('takes a start a few minutes ago as "now" (the time the vendor typed before pressing Save)', () => {
    expect(hourlyDealProblems({ startsAt: at(-4 * MINUTE), endsAt: at(HOUR), stockLeft: 3 }, now)).toEqual({});
    expect(hourlyDealProblems({ startsAt: at(-6 * MINUTE), endsAt: at(HOUR), stockLeft: 3 }, now)).toEqual({
      dealStartsAt: 'An hourly deal cannot start in the past.',
    });
  });

  it('accepts an end at midnight, the end of the same day', () => {
    // 23:00 to 24:00 in Pakistan.
    const startsAt = new Date('2026-03-11T18:00:00.000Z');
    const endsAt = new Date('2026-03-11T19:00:00.000Z');
    expect(hourlyDealProblems({ startsAt, endsAt, stockLeft: 3 }, now)).toEqual({});
  });

  it.each([
    ['a start in the past', at(-HOUR), at(HOUR), 5, { dealStartsAt: 'An hourly deal cannot start in the past.' }],
    ['an end before the start', at(2 * HOUR), at(HOUR), 5, { dealEndsAt: 'The deal must end after it starts.' }],
    ['an end equal to the start', at(HOUR), at(HOUR), 5, { dealEndsAt: 'The deal must end after it starts.' }],
    [
      'an end on the next day in Pakistan',
      at(10 * HOUR),
      at(12 * HOUR),
      5,
      { dealEndsAt: 'An hourly deal starts and ends on the same day (Pakistan time).' },
    ],
    ['no stock', at(HOUR), at(2 * HOUR), 0, { stockLeft: 'Stock must be at least 1 for an hourly deal.' }],
  ])('names the field for %s', (_case, startsAt, endsAt, stockLeft, expected) => {
    expect(hourlyDealProblems({ startsAt, endsAt, stockLeft }, now)).toEqual(expected);
  });

  it('does not judge the start against a clock it was not given (the form schema)', () => {
    expect(hourlyDealProblems({ startsAt: at(-HOUR), endsAt: at(HOUR), stockLeft: 1 })).toEqual({});
  });
});

describe('Hourly Chaska deals through the API', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const now = () => context.clock.now().getTime();
  // A deal lives within one Pakistan day: each test starts at 12:30 there, wherever the clock began.
  beforeEach(() => {
    context.clock.moveToNextPakistanTime(12, 30);
  });

  function hourly(startOffsetMs: number, endOffsetMs: number, overrides: Record<string, unknown> = {}) {
    return {
      name: 'Chai happy hour',
      cardType: 'daily_chaska',
      stampsRequired: 1,
      rewardTitle: 'Karak chai',
      rewardValue: 100,
      minStampIntervalMinutes: 0,
      dealPrice: 100,
      originalPrice: 200,
      stockLeft: 2,
      dealStartsAt: new Date(now() + startOffsetMs).toISOString(),
      dealEndsAt: new Date(now() + endOffsetMs).toISOString(),
      ...overrides,
    };
  }

  async function vendorOwner(plan: 'standard' | 'premium') {
    const owner = await signUpUser(context.app, { name: 'Hina' });
    const vendor = await createVendor(db(), { ownerUserId: owner.id, plan, businessName: `Chai Khana ${plan}` });
    return { owner, vendor };
  }

  function call(user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return context.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function dailyListing(): Promise<string[]> {
    const page = (await call(null, 'GET', '/api/marketplace/cards?type=daily_chaska&limit=48')).json<CardPage>();
    return page.cards.map((card) => card.id);
  }

  it('a Premium vendor creates one; it shows from its start to its end and is refused before it', async () => {
    const { owner } = await vendorOwner('premium');
    const created = await call(owner, 'POST', '/api/vendor/cards', { card: hourly(HOUR, 2 * HOUR), saveAs: 'active' });
    expect(created.statusCode).toBe(200);
    const deal = created.json();
    expect(deal.dealStartsAt).toBe(new Date(now() + HOUR).toISOString());

    // Not on yet: hidden, and claiming it says so.
    expect(await dailyListing()).not.toContain(deal.id);
    const customer = await signUpUser(context.app);
    const early = await call(customer, 'POST', `/api/marketplace/cards/${deal.id}/join`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'deal_not_started', message: 'This deal has not started yet.' });

    context.clock.advance(HOUR);
    expect(await dailyListing()).toContain(deal.id);
    const joined = await call(customer, 'POST', `/api/marketplace/cards/${deal.id}/join`);
    expect(joined.statusCode).toBe(201);
    expect(joined.json().stockLeft).toBe(1);

    context.clock.advance(HOUR);
    expect(await dailyListing()).not.toContain(deal.id);
    const late = await call(await signUpUser(context.app), 'POST', `/api/marketplace/cards/${deal.id}/join`);
    expect(late.json().error.code).toBe('deal_ended');
  });

  it('disappears from the listing once sold out', async () => {
    const { owner } = await vendorOwner('premium');
    const deal = (
      await call(owner, 'POST', '/api/vendor/cards', { card: hourly(0, HOUR, { stockLeft: 1 }), saveAs: 'active' })
    ).json();
    expect(await dailyListing()).toContain(deal.id);
    expect(
      (await call(await signUpUser(context.app), 'POST', `/api/marketplace/cards/${deal.id}/join`)).statusCode,
    ).toBe(201);
    expect(await dailyListing()).not.toContain(deal.id);
    const another = await call(await signUpUser(context.app), 'POST', `/api/marketplace/cards/${deal.id}/join`);
    expect(another.json().error.code).toBe('sold_out');
  });

  it('a Standard vendor is refused with the plan it needs, on create and on edit, and nothing is saved', async () => {
    const { owner, vendor } = await vendorOwner('standard');
    const created = await call(owner, 'POST', '/api/vendor/cards', { card: hourly(HOUR, 2 * HOUR), saveAs: 'draft' });
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toEqual({ code: 'plan_required', message: 'This feature needs the Premium plan.' });
    const inUrdu = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/cards',
      headers: { cookie: owner.cookie, 'accept-language': 'ur' },
      payload: { card: hourly(HOUR, 2 * HOUR), saveAs: 'draft' },
    });
    // The refusal and the plan's name in the reader's language.
    expect(inUrdu.json().error.message).toBe('یہ سہولت پریمیم پلان کے ساتھ ملتی ہے۔');
    const daily = (
      await call(owner, 'POST', '/api/vendor/cards', {
        card: hourly(0, 2 * HOUR, { dealStartsAt: null }),
        saveAs: 'active',
      })
    ).json();
    const edited = await call(owner, 'PUT', `/api/vendor/cards/${daily.id}`, hourly(HOUR, 2 * HOUR));
    expect(edited.statusCode).toBe(403);
    const rows = await db().select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendor.id));
    expect(rows.map((row) => row.dealStartsAt)).toEqual([null]);
  });

  it.each([
    ['a start in the past', () => hourly(-HOUR, HOUR), 'card.dealStartsAt', 'An hourly deal cannot start in the past.'],
    ['an end before the start', () => hourly(2 * HOUR, HOUR), 'card.dealEndsAt', 'The deal must end after it starts.'],
    [
      'an end on another day',
      () => hourly(HOUR, 14 * HOUR),
      'card.dealEndsAt',
      'An hourly deal starts and ends on the same day (Pakistan time).',
    ],
    [
      'no stock',
      () => hourly(HOUR, 2 * HOUR, { stockLeft: 0 }),
      'card.stockLeft',
      'Stock must be at least 1 for an hourly deal.',
    ],
    [
      'a start that is not a time',
      () => hourly(HOUR, 2 * HOUR, { dealStartsAt: 'soon' }),
      'card.dealStartsAt',
      'Please enter a valid deal start time.',
    ],
  ])('bad input (%s) is a 400 naming the field and saves nothing', async (_case, cardAtNow, field, message) => {
    const { owner, vendor } = await vendorOwner('premium');
    const response = await call(owner, 'POST', '/api/vendor/cards', { card: cardAtNow(), saveAs: 'active' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await db().select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendor.id))).toEqual([]);
  });

  it('editing a running deal keeps its start; moving the start into the past is refused', async () => {
    const { owner } = await vendorOwner('premium');
    const deal = (
      await call(owner, 'POST', '/api/vendor/cards', { card: hourly(0, 2 * HOUR), saveAs: 'active' })
    ).json();
    context.clock.advance(30 * MINUTE);
    const restocked = await call(owner, 'PUT', `/api/vendor/cards/${deal.id}`, {
      ...hourly(0, 2 * HOUR),
      dealStartsAt: deal.dealStartsAt,
      dealEndsAt: deal.dealEndsAt,
      stockLeft: 10,
    });
    expect(restocked.statusCode).toBe(200);
    expect(restocked.json().stockLeft).toBe(10);
    const moved = await call(owner, 'PUT', `/api/vendor/cards/${deal.id}`, {
      ...hourly(-20 * MINUTE, HOUR),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ dealStartsAt: 'An hourly deal cannot start in the past.' });
  });

  it('is announced once when it starts, through the outbox, to customers who turned on hourly_chaska', async () => {
    const deps = { db: db(), email: context.app.deps.email, config: context.config };
    // Deals of the tests before this one have started: announced now, before anyone opts in.
    await announceStartedHourlyDeals(deps, context.clock.now());
    const { owner } = await vendorOwner('premium');
    const [keen, notKeen] = [await signUpUser(context.app), await signUpUser(context.app)];
    await db().update(emailPreferences).set({ hourlyChaska: true }).where(eq(emailPreferences.userId, keen.id));
    const deal = (
      await call(owner, 'POST', '/api/vendor/cards', { card: hourly(HOUR, 2 * HOUR), saveAs: 'active' })
    ).json();
    const hourlyMails = () => db().select().from(emailMessages).where(eq(emailMessages.emailType, 'hourly_chaska'));

    // Not at creation: it starts in an hour.
    expect(await announceStartedHourlyDeals(deps, context.clock.now())).toEqual([]);
    expect(await hourlyMails()).toEqual([]);

    context.clock.advance(HOUR);
    // Two passes at once, then a third later: one announcement.
    const passes = await Promise.all([
      announceStartedHourlyDeals(deps, context.clock.now()),
      announceStartedHourlyDeals(deps, context.clock.now()),
    ]);
    expect(passes.flat().filter((announced) => announced.cardId === deal.id)).toHaveLength(1);
    context.clock.advance(MINUTE);
    expect(await announceStartedHourlyDeals(deps, context.clock.now())).toEqual([]);

    const mails = await hourlyMails();
    expect(mails.map((mail) => [mail.toEmail, mail.status])).toEqual([[keen.email, 'queued']]);
    expect(mails.map((mail) => mail.toEmail)).not.toContain(notKeen.email);
    expect(mails[0]!.subject).toBe('Hourly Chaska: Chai happy hour at Chai Khana premium');
  });

  it('is not announced while paused, and is once activated during its window', async () => {
    const { owner, vendor } = await vendorOwner('premium');
    const keen = await signUpUser(context.app);
    await db().update(emailPreferences).set({ hourlyChaska: true }).where(eq(emailPreferences.userId, keen.id));
    const start = context.clock.now();
    const paused = await createCard(db(), vendor.id, {
      cardType: 'daily_chaska',
      status: 'paused',
      stockLeft: 3,
      dealStartsAt: start,
      dealEndsAt: new Date(start.getTime() + HOUR),
    });
    const deps = { db: db(), email: context.app.deps.email, config: context.config };
    expect((await announceStartedHourlyDeals(deps, start)).map((each) => each.cardId)).not.toContain(paused.id);
    expect((await call(owner, 'POST', `/api/vendor/cards/${paused.id}/activate`)).statusCode).toBe(200);
    expect((await announceStartedHourlyDeals(deps, context.clock.now())).map((each) => each.cardId)).toEqual([
      paused.id,
    ]);
  });
});
