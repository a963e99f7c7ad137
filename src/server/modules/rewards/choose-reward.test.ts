import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rewards, userCards } from '@server/db/schema';
import type { Executor } from '@server/db/client';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { mintCustomerCode } from '@server/modules/stamps/mint-stamp-codes';
import { stampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { redeemAtCounter, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';

/** Several rewards on one card (decision 085): milestones of a stamp card, a points card's menu. */
describe('several rewards on one card', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function award(staff: SignedInUser, customerId: string, cardId: string, order: object) {
    const code = await mintCustomerCode(
      db(),
      stampCodeSettings(context.app.deps.config),
      customerId,
      context.clock.now(),
    );
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/stamps',
      headers: { cookie: staff.cookie },
      payload: { customerCode: code.qrPayload, cardId, ...order },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function choose(customer: SignedInUser, cardId: string, milestone: unknown) {
    return context.app.inject({
      method: 'POST',
      url: '/api/rewards/choose',
      headers: { cookie: customer.cookie },
      payload: { cardId, milestone },
    });
  }

  async function heldCard(database: Executor, userId: string, cardId: string) {
    const [row] = await database
      .select()
      .from(userCards)
      .where(and(eq(userCards.userId, userId), eq(userCards.cardId, cardId)));
    return row!;
  }

  it('a stamp card earns chai at 2 and paratha at 4 once a round; only the last starts it over', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), {
      stampsRequired: 4,
      milestones: [{ at: 2, rewardTitle: 'Free chai', rewardValue: 100 }],
    });
    const customer = await signUpUser(context.app, { name: 'Sana' });

    await award(owner, customer.id, card.id, {});
    const second = await award(owner, customer.id, card.id, {});
    expect(second.reward).toMatchObject({ rewardTitle: 'Free chai', milestone: 2 });
    expect(second.message).toBe('Sana earned Free chai on Test Card, and the card goes on.');
    // Redeeming the chai leaves the card going.
    expect((await redeemAtCounter(context.app, customer.cookie, owner.cookie, second.reward.id)).statusCode).toBe(200);
    expect(await heldCard(db(), customer.id, card.id)).toMatchObject({ stampsCollected: 2, status: 'active' });
    await award(owner, customer.id, card.id, {});
    const fourth = await award(owner, customer.id, card.id, {});
    expect(fourth.reward).toMatchObject({ rewardTitle: 'Free Chai', milestone: 4 });
    expect(fourth.userCard.status).toBe('completed');
    expect((await redeemAtCounter(context.app, customer.cookie, owner.cookie, fourth.reward.id)).statusCode).toBe(200);
    expect(await heldCard(db(), customer.id, card.id)).toMatchObject({ stampsCollected: 0, status: 'active' });
    // The next round earns the chai again, once.
    await award(owner, customer.id, card.id, {});
    expect((await award(owner, customer.id, card.id, {})).reward).toMatchObject({ milestone: 2 });
    const earned = await db().select().from(rewards).where(eq(rewards.userId, customer.id));
    expect(earned.map((reward) => reward.milestoneAt).sort()).toEqual([2, 2, null]);
  });

  it('a points card’s customer chooses chai (50) then paratha (100), each taken from the points when redeemed', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), {
      earnKind: 'points',
      pointsPer100Pkr: 10,
      stampsRequired: 100,
      milestones: [{ at: 50, rewardTitle: 'Free chai', rewardValue: 100 }],
    });
    const customer = await signUpUser(context.app, { name: 'Sana' });
    const stranger = await signUpUser(context.app, { name: 'Bilal' });

    const given = await award(owner, customer.id, card.id, { amount: 1_650 });
    expect(given.points).toEqual({ amount: 1_650, points: 165 });
    expect(given.message).toBe('165 points given to Sana on Test Card.');

    // Bad input names its field; a price the card does not have, or another's card, is refused.
    expect((await choose(customer, card.id, 1.5)).json().error.fields).toHaveProperty('milestone');
    expect((await choose(customer, card.id, 60)).json().error.fields).toHaveProperty('milestone');
    expect((await choose(stranger, card.id, 50)).statusCode).toBe(404);

    const chai = await choose(customer, card.id, 50);
    expect(chai.statusCode, chai.body).toBe(200);
    expect(chai.json()).toMatchObject({ rewardTitle: 'Free chai', status: 'earned' });
    // 165 points less the chai's 50 held: 115 free, so the paratha can be chosen too, not twice.
    const paratha = await choose(customer, card.id, 100);
    expect(paratha.statusCode, paratha.body).toBe(200);
    const short = await choose(customer, card.id, 50);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({
      code: 'points_short',
      message: 'Not enough points: this reward costs 50 and 15 are free to spend.',
    });

    // The dashboard shows the balance, what the choices hold and each chosen reward to redeem.
    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/api/customer/dashboard',
      headers: { cookie: customer.cookie },
    });
    expect(dashboard.json().cards[0]).toMatchObject({
      earnKind: 'points',
      stampsCollected: 165,
      heldPoints: 150,
      milestones: [{ at: 50, rewardTitle: 'Free chai' }],
      waitingRewards: [
        { id: chai.json().id, milestone: 50 },
        { id: paratha.json().id, milestone: 100 },
      ],
    });

    expect((await redeemAtCounter(context.app, customer.cookie, owner.cookie, chai.json().id)).statusCode).toBe(200);
    expect(await heldCard(db(), customer.id, card.id)).toMatchObject({ stampsCollected: 115, status: 'active' });
    expect((await redeemAtCounter(context.app, customer.cookie, owner.cookie, paratha.json().id)).statusCode).toBe(200);
    expect(await heldCard(db(), customer.id, card.id)).toMatchObject({ stampsCollected: 15, status: 'active' });
    // Redeemed once: a second confirmation takes nothing.
    expect((await redeemAtCounter(context.app, customer.cookie, owner.cookie, paratha.json().id)).statusCode).toBe(409);
    expect(await heldCard(db(), customer.id, card.id)).toMatchObject({ stampsCollected: 15 });
  });

  it('a stamp card’s rewards are earned, not chosen', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), { stampsRequired: 2 });
    const customer = await signUpUser(context.app, { name: 'Sana' });
    await award(owner, customer.id, card.id, {});
    const refused = await choose(customer, card.id, 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('cardId');
    expect(await db().select().from(rewards).where(eq(rewards.userId, customer.id))).toHaveLength(0);
  });
});
