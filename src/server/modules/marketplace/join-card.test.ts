import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyCards, userCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';

const HOUR = 3600 * 1000;

describe('joining a card (POST /api/marketplace/cards/:cardId/join)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  function join(cardId: string, cookie?: string) {
    return context.app.inject({
      method: 'POST',
      url: `/api/marketplace/cards/${cardId}/join`,
      headers: cookie ? { cookie } : {},
    });
  }

  async function dailyDeal(stockLeft: number, endsInMs = 24 * HOUR) {
    const vendor = await createVendor(db(), { businessName: 'Deal Bakers' });
    const card = await createCard(db(), vendor.id, { cardType: 'daily_chaska', stampsRequired: 1, stockLeft });
    await db()
      .update(loyaltyCards)
      .set({ dealPrice: 299, originalPrice: 499, dealEndsAt: new Date(context.clock.now().getTime() + endsInMs) })
      .where(eq(loyaltyCards.id, card.id));
    return card;
  }

  async function stockOf(cardId: string) {
    const [row] = await db()
      .select({ stockLeft: loyaltyCards.stockLeft })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.id, cardId));
    return row?.stockLeft;
  }

  async function holders(cardId: string) {
    const [row] = await db().select({ value: count() }).from(userCards).where(eq(userCards.cardId, cardId));
    return row?.value ?? 0;
  }

  it('asks a visitor to sign in', async () => {
    const vendor = await createVendor(db());
    const card = await createCard(db(), vendor.id);
    const response = await join(card.id);
    expect(response.statusCode).toBe(401);
    expect(await holders(card.id)).toBe(0);
  });

  it('adds the card with 0 stamps, then refuses it a second time', async () => {
    const user = await signUpUser(context.app);
    const vendor = await createVendor(db(), { businessName: 'Karahi Corner' });
    const card = await createCard(db(), vendor.id, { name: 'Karahi Club', cardType: 'hot_shot' });

    const first = await join(card.id, user.cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      cardId: card.id,
      cardName: 'Karahi Club',
      vendorName: 'Karahi Corner',
      stockLeft: null,
    });
    const [row] = await db()
      .select()
      .from(userCards)
      .where(and(eq(userCards.userId, user.id), eq(userCards.cardId, card.id)));
    expect(row).toMatchObject({ id: first.json().userCardId, stampsCollected: 0, status: 'active', completedAt: null });

    const second = await join(card.id, user.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'already_held', message: 'You already have this loyalty card' });
    expect(await holders(card.id)).toBe(1);
  });

  it.each(['paused', 'draft', 'archived'] as const)('refuses a %s card as not found', async (status) => {
    const user = await signUpUser(context.app);
    const vendor = await createVendor(db());
    const card = await createCard(db(), vendor.id, { status });
    const response = await join(card.id, user.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Loyalty card not found');
    expect(await holders(card.id)).toBe(0);
  });

  it.each(['pending', 'rejected', 'suspended', 'closed'] as const)('refuses a card of a %s vendor', async (state) => {
    const user = await signUpUser(context.app);
    const vendor = await createVendor(db(), { status: state === 'closed' ? 'approved' : state });
    if (state === 'closed')
      await db().update(vendors).set({ closedAt: context.clock.now() }).where(eq(vendors.id, vendor.id));
    const card = await createCard(db(), vendor.id);
    const response = await join(card.id, user.cookie);
    expect(response.statusCode).toBe(404);
    expect(await holders(card.id)).toBe(0);
  });

  it('answers 404 for an unknown card and 400 for a malformed id', async () => {
    const user = await signUpUser(context.app);
    expect((await join('00000000-0000-4000-8000-000000000000', user.cookie)).statusCode).toBe(404);
    const malformed = await join('not-a-uuid', user.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('cardId');
  });

  it('refuses a deal that has ended', async () => {
    const user = await signUpUser(context.app);
    const card = await dailyDeal(5, -HOUR);
    const response = await join(card.id, user.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This deal has ended.');
    expect(await stockOf(card.id)).toBe(5);
  });

  it('takes one unit of a deal per claim and says it is sold out at 0', async () => {
    const [first, second] = [await signUpUser(context.app), await signUpUser(context.app)];
    const card = await dailyDeal(1);
    const claimed = await join(card.id, first.cookie);
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().stockLeft).toBe(0);

    const refused = await join(card.id, second.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'sold_out', message: 'This deal is sold out.' });
    expect(await stockOf(card.id)).toBe(0);
    expect(await holders(card.id)).toBe(1);
  });

  it('does not spend stock when the customer already holds the deal', async () => {
    const user = await signUpUser(context.app);
    const card = await dailyDeal(3);
    expect((await join(card.id, user.cookie)).statusCode).toBe(201);
    expect((await join(card.id, user.cookie)).statusCode).toBe(409);
    expect(await stockOf(card.id)).toBe(2);
  });

  it('gives exactly 5 of 20 parallel claims on a deal with 5 left', async () => {
    const customers: SignedInUser[] = [];
    for (let index = 0; index < 20; index++) customers.push(await signUpUser(context.app));
    const card = await dailyDeal(5);

    const responses = await Promise.all(customers.map((customer) => join(card.id, customer.cookie)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((response) => response.json().error.message === 'This deal is sold out.'),
    ).toBe(true);
    expect(await stockOf(card.id)).toBe(0);
    expect(await holders(card.id)).toBe(5);
  });

  it('lets one of several parallel joins by the same customer through', async () => {
    const user = await signUpUser(context.app);
    const card = await dailyDeal(10);
    const responses = await Promise.all(Array.from({ length: 5 }, () => join(card.id, user.cookie)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(4);
    expect(await holders(card.id)).toBe(1);
    expect(await stockOf(card.id)).toBe(9);
  });
});
