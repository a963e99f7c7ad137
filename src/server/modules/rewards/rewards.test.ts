import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, rewards, userCards, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { stampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { collectStamps, collectWith, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { mintRewardCode } from './customer-rewards';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

describe('rewards API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function earnReward(stampsRequired = 2) {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired, rewardValue: 1200 });
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const result = await collectStamps(context.app, setup, customer.cookie, stampsRequired);
    return { setup, customer, rewardId: result.reward.id as string, userCardId: result.userCard.id as string };
  }

  function redemptionCode(cookie: string, rewardId: string) {
    return context.app.inject({ method: 'POST', url: `/api/rewards/${rewardId}/redemption-code`, headers: { cookie } });
  }

  function redeem(cookie: string, code: string) {
    return context.app.inject({
      method: 'POST',
      url: '/api/vendor/rewards/redeem',
      headers: { cookie },
      payload: { code },
    });
  }

  it('refuses the live code of a customer whose account was disabled since it was shown', async () => {
    const { customer, rewardId, setup } = await earnReward();
    const code = await redemptionCode(customer.cookie, rewardId);
    await db().update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, customer.id));
    const refused = await redeem(setup.owner.cookie, code.json().qrPayload);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'account_disabled']);
    const [row] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(row!.status).toBe('earned');
  });

  it('shows the reward only to its owner', async () => {
    const { customer, rewardId, setup } = await earnReward();
    const own = await callAs(context.app, customer.cookie, 'GET', `/api/rewards/${rewardId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: rewardId,
      status: 'earned',
      rewardTitle: 'Free Chai',
      rewardValue: 1200,
      redeemedAt: null,
      vendor: { name: setup.vendor.businessName },
    });

    const stranger = await signUpUser(context.app);
    for (const request of [
      context.app.inject({ method: 'GET', url: `/api/rewards/${rewardId}`, headers: { cookie: stranger.cookie } }),
      redemptionCode(stranger.cookie, rewardId),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Reward not found');
    }
  });

  it('lets staff look up and confirm a live reward code; the card starts over', async () => {
    const { setup, customer, rewardId, userCardId } = await earnReward();
    const code = (await redemptionCode(customer.cookie, rewardId)).json();
    expect(code.typedCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const lookup = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/rewards/lookup', {
      code: code.typedCode,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({
      reward: { id: rewardId, status: 'earned', rewardValue: 1200 },
      customer: { name: 'Zara' },
    });

    const confirmed = await redeem(setup.owner.cookie, code.typedCode);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Reward redeemed!',
      reward: { id: rewardId },
      customer: { name: 'Zara' },
    });
    const [reward] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(reward!.status).toBe('redeemed');
    expect(reward!.redeemedAt).toBeInstanceOf(Date);
    expect(reward!.redeemedBy).toBe(setup.owner.id);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, userCardId));
    expect(card).toMatchObject({ stampsCollected: 0, status: 'active', completedAt: null });
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.targetId, rewardId))).map((row) => row.action),
    ).toEqual(['reward.redeem']);

    const again = await redeem(setup.owner.cookie, code.qrPayload);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This reward has already been redeemed.');
    const newCode = await redemptionCode(customer.cookie, rewardId);
    expect(newCode.statusCode).toBe(409);

    // The next round starts from zero.
    const next = await collectStamps(context.app, setup, customer.cookie, 1);
    expect(next.userCard).toMatchObject({ stampsCollected: 1, status: 'active' });
  });

  it("refuses another vendor's staff, non-staff, expired codes and the wrong kind", async () => {
    const { setup, customer, rewardId } = await earnReward();
    const other = await setUpVendorWithCard(context.app, db());
    const code = (await redemptionCode(customer.cookie, rewardId)).json();

    const foreign = await redeem(other.owner.cookie, code.qrPayload);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('This reward belongs to another vendor.');
    const foreignLookup = await callAs(context.app, other.owner.cookie, 'POST', '/api/vendor/rewards/lookup', {
      code: code.qrPayload,
    });
    expect(foreignLookup.statusCode).toBe(403);
    expect((await redeem(customer.cookie, code.qrPayload)).statusCode).toBe(403);

    const expired = await mintRewardCode(
      db(),
      stampCodeSettings(context.config),
      { userId: customer.id, rewardId },
      new Date(context.clock.now().getTime() - 3 * 60_000),
    );
    const late = await redeem(setup.owner.cookie, expired.qrPayload);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(
      'This reward code has expired. Ask the customer to show the live code again.',
    );

    const scannedByCustomer = await collectWith(context.app, customer.cookie, code.qrPayload);
    expect(scannedByCustomer.statusCode).toBe(400);
    expect(scannedByCustomer.json().error.message).toContain('This is a reward code.');

    const [reward] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(reward!.status).toBe('earned');
  });
});
