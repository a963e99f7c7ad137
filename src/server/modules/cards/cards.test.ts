import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, loyaltyCards, userCards, vendorMembers } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

const validCard = {
  name: 'Chai Lovers',
  description: 'A stamp for every cup',
  cardType: 'free',
  stampsRequired: 8,
  rewardTitle: 'Free Karak Chai',
  rewardDescription: 'One cup on the house',
  rewardValue: 250,
  minStampIntervalMinutes: 60,
};

describe('vendor cards API', () => {
  const context = useTestApp();

  async function ownerOf(plan: 'starter' | 'standard' | 'premium' | 'enterprise' = 'standard') {
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, { ownerUserId: owner.id, plan });
    return { owner, vendor };
  }

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer Rest] ? Rest : never) =>
    callAs(context.app, ...args);

  it('creates, lists, edits, pauses, activates and audits cards', async () => {
    const { owner, vendor } = await ownerOf();
    const created = await call(owner.cookie, 'POST', '/api/vendor/cards', { card: validCard, saveAs: 'active' });
    expect(created.statusCode).toBe(200);
    const card = created.json();
    expect(card).toMatchObject({
      name: 'Chai Lovers',
      status: 'active',
      stampsRequired: 8,
      users: 0,
      completionRate: 0,
    });

    const draft = await call(owner.cookie, 'POST', '/api/vendor/cards', {
      card: { ...validCard, name: 'Draft Card' },
      saveAs: 'draft',
    });
    expect(draft.json().status).toBe('draft');

    const list = (await call(owner.cookie, 'GET', '/api/vendor/cards')).json();
    expect(list.counts).toEqual({ active: 1, draft: 1, paused: 0 });
    expect(list.maxActiveCards).toBe(5);

    const edited = await call(owner.cookie, 'PUT', `/api/vendor/cards/${card.id}`, {
      ...validCard,
      name: 'Chai Lovers Club',
      rewardValue: 300,
    });
    expect(edited.json()).toMatchObject({ name: 'Chai Lovers Club', rewardValue: 300, status: 'active' });

    expect((await call(owner.cookie, 'POST', `/api/vendor/cards/${card.id}/pause`)).json().status).toBe('paused');
    const pausedAgain = await call(owner.cookie, 'POST', `/api/vendor/cards/${card.id}/pause`);
    expect(pausedAgain.statusCode).toBe(409);
    expect(pausedAgain.json().error.message).toBe('Only an active card can be paused.');
    expect((await call(owner.cookie, 'POST', `/api/vendor/cards/${card.id}/activate`)).json().status).toBe('active');

    const audit = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, card.id))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['card.create', 'card.update', 'card.pause', 'card.activate']);
    expect(audit.every((entry) => entry.vendorId === vendor.id && entry.actorEmail === owner.email)).toBe(true);
  });

  it('does not let a vendor re-activate a card an admin paused with a reason', async () => {
    const { owner, vendor } = await ownerOf();
    const card = await createCard(context.database.db, vendor.id, { status: 'paused' });
    await context.database.db
      .update(loyaltyCards)
      .set({ moderationReason: 'The reward photo is misleading.' })
      .where(eq(loyaltyCards.id, card.id));
    const response = await call(owner.cookie, 'POST', `/api/vendor/cards/${card.id}/activate`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Chaska paused this card: The reward photo is misleading. Please contact support to restore it.',
    );
    const [row] = await context.database.db.select().from(loyaltyCards).where(eq(loyaltyCards.id, card.id));
    expect(row?.status).toBe('paused');
  });

  it('stores deal fields only for Daily Chaska cards and requires them there', async () => {
    const { owner } = await ownerOf();
    const missing = await call(owner.cookie, 'POST', '/api/vendor/cards', {
      card: { ...validCard, cardType: 'daily_chaska' },
      saveAs: 'draft',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      'card.dealPrice': 'Deal price is required for a Daily Chaska card.',
    });

    const dealEndsAt = new Date(context.clock.now().getTime() + 86_400_000).toISOString();
    const deal = await call(owner.cookie, 'POST', '/api/vendor/cards', {
      card: {
        ...validCard,
        cardType: 'daily_chaska',
        dealPrice: 299,
        originalPrice: 499,
        stockLeft: 5,
        dealEndsAt,
        membershipFeeYearly: 999,
      },
      saveAs: 'draft',
    });
    expect(deal.json()).toMatchObject({ dealPrice: 299, originalPrice: 499, stockLeft: 5, membershipFeeYearly: null });
    expect(deal.json().dealEndsAt).toBe(dealEndsAt);

    const exclusive = await call(owner.cookie, 'POST', '/api/vendor/cards', {
      card: { ...validCard, cardType: 'exclusive', dealPrice: 10 },
      saveAs: 'draft',
    });
    expect(exclusive.json().error.fields['card.membershipFeeYearly']).toBe(
      'Membership fee per year is required for an exclusive card.',
    );
  });

  it('answers bad input with readable 400s and changes nothing', async () => {
    const { owner, vendor } = await ownerOf();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ card: { ...validCard, name: '' }, saveAs: 'active' }, 'card.name', 'Card name is required.'],
      [
        { card: { ...validCard, stampsRequired: 0 }, saveAs: 'active' },
        'card.stampsRequired',
        'Stamps required must be at least 1.',
      ],
      [
        { card: { ...validCard, stampsRequired: 101 }, saveAs: 'active' },
        'card.stampsRequired',
        'Stamps required must be at most 100.',
      ],
      [
        { card: { ...validCard, rewardValue: -5 }, saveAs: 'active' },
        'card.rewardValue',
        'Reward value must be at least 0.',
      ],
      [{ card: { ...validCard, cardType: 'stamp' }, saveAs: 'active' }, 'card.cardType', 'Please choose a card type.'],
      [{ card: validCard, saveAs: 'archived' }, 'saveAs', 'Choose whether to save the card as Active or as Draft.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(owner.cookie, 'POST', '/api/vendor/cards', payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    const bogusId = await call(owner.cookie, 'POST', '/api/vendor/cards/not-a-card/pause');
    expect(bogusId.statusCode).toBe(400);
    const rows = await context.database.db.select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendor.id));
    expect(rows).toHaveLength(0);
  });

  it('archives a card customers hold and deletes one nobody holds', async () => {
    const { owner, vendor } = await ownerOf();
    const held = await createCard(context.database.db, vendor.id, { name: 'Held' });
    const unheld = await createCard(context.database.db, vendor.id, { name: 'Unheld', status: 'draft' });
    const customer = await signUpUser(context.app);
    await context.database.db.insert(userCards).values({ userId: customer.id, cardId: held.id, stampsCollected: 3 });

    expect((await call(owner.cookie, 'DELETE', `/api/vendor/cards/${held.id}`)).json()).toEqual({
      outcome: 'archived',
    });
    expect((await call(owner.cookie, 'DELETE', `/api/vendor/cards/${unheld.id}`)).json()).toEqual({
      outcome: 'deleted',
    });

    const rows = await context.database.db.select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendor.id));
    expect(rows.map((row) => [row.name, row.status])).toEqual([['Held', 'archived']]);
    const kept = await context.database.db.select().from(userCards).where(eq(userCards.cardId, held.id));
    expect(kept[0]?.stampsCollected).toBe(3);
    const list = (await call(owner.cookie, 'GET', '/api/vendor/cards')).json();
    expect(list.cards).toHaveLength(0);
    expect(list.totalUsers).toBe(1);
    expect((await call(owner.cookie, 'GET', `/api/vendor/cards/${held.id}`)).statusCode).toBe(404);
    expect((await call(owner.cookie, 'POST', `/api/vendor/cards/${held.id}/activate`)).json().error.message).toBe(
      'This card was deleted and cannot be activated.',
    );
  });

  it('enforces the card limit race-free: 10 parallel activations on a starter plan leave exactly one active card', async () => {
    const { owner, vendor } = await ownerOf('starter');
    const drafts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createCard(context.database.db, vendor.id, { name: `Draft ${index}`, status: 'draft' }),
      ),
    );
    const responses = await Promise.all(
      drafts.map((card) => call(owner.cookie, 'POST', `/api/vendor/cards/${card.id}/activate`)),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.json().error.message).toBe('Plan limit reached. Maximum 1 card allowed.');
    const active = await context.database.db
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active')));
    expect(active).toHaveLength(1);

    const createActive = await call(owner.cookie, 'POST', '/api/vendor/cards', { card: validCard, saveAs: 'active' });
    expect(createActive.statusCode).toBe(409);
    expect(createActive.json().error.message).toBe('Plan limit reached. Maximum 1 card allowed.');
    expect(
      (await call(owner.cookie, 'POST', '/api/vendor/cards', { card: validCard, saveAs: 'draft' })).statusCode,
    ).toBe(200);
  });

  it('keeps each vendor to its own cards, even with guessed ids', async () => {
    const a = await ownerOf();
    const b = await ownerOf();
    const cardOfB = await createCard(context.database.db, b.vendor.id, { name: 'B only' });
    const attempts = [
      call(a.owner.cookie, 'GET', `/api/vendor/cards/${cardOfB.id}`),
      call(a.owner.cookie, 'PUT', `/api/vendor/cards/${cardOfB.id}`, validCard),
      call(a.owner.cookie, 'POST', `/api/vendor/cards/${cardOfB.id}/pause`),
      call(a.owner.cookie, 'DELETE', `/api/vendor/cards/${cardOfB.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Loyalty card not found');
    }
    const listOfA = (await call(a.owner.cookie, 'GET', '/api/vendor/cards')).json();
    expect(listOfA.cards).toHaveLength(0);
    const [row] = await context.database.db.select().from(loyaltyCards).where(eq(loyaltyCards.id, cardOfB.id));
    expect(row).toMatchObject({ name: 'B only', status: 'active' });
  });

  it('lets staff read cards but not change them, and refuses customers and pending applicants', async () => {
    const { vendor } = await ownerOf();
    const card = await createCard(context.database.db, vendor.id);
    const staff = await signUpUser(context.app);
    await context.database.db.insert(vendorMembers).values({ vendorId: vendor.id, userId: staff.id, role: 'staff' });
    expect((await call(staff.cookie, 'GET', '/api/vendor/cards')).statusCode).toBe(200);
    for (const response of [
      await call(staff.cookie, 'POST', '/api/vendor/cards', { card: validCard, saveAs: 'draft' }),
      await call(staff.cookie, 'PUT', `/api/vendor/cards/${card.id}`, validCard),
      await call(staff.cookie, 'POST', `/api/vendor/cards/${card.id}/pause`),
      await call(staff.cookie, 'DELETE', `/api/vendor/cards/${card.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Only the vendor owner can do that.');
    }
    const customer = await signUpUser(context.app);
    expect((await call(customer.cookie, 'GET', '/api/vendor/cards')).statusCode).toBe(403);
    const applicant = await signUpUser(context.app);
    await createVendor(context.database.db, { ownerUserId: applicant.id, status: 'pending' });
    expect(
      (await call(applicant.cookie, 'POST', '/api/vendor/cards', { card: validCard, saveAs: 'draft' })).statusCode,
    ).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/vendor/cards' })).statusCode).toBe(401);
  });
});
