import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyCards, stamps, userCards } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import { collectWith, counterCodeFor, setUpVendorWithCard } from './stamp-test-helpers';

/** A Daily Chaska deal through the counter: the marketplace's end and stock rules hold here too. */
describe('stamping a Daily Chaska deal', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /** A deal with `stockLeft` units; with `endsInMs`, it also ends that long after the app's now. */
  async function dealCounter(stockLeft: number, endsInMs?: number) {
    const setup = await setUpVendorWithCard(context.app, db());
    const deal = await createCard(db(), setup.vendor.id, {
      name: 'Biryani Deal',
      cardType: 'daily_chaska',
      stampsRequired: 1,
      stockLeft,
      minStampIntervalMinutes: 0,
    });
    if (endsInMs !== undefined) {
      await db()
        .update(loyaltyCards)
        .set({ dealEndsAt: new Date(context.clock.now().getTime() + endsInMs) })
        .where(eq(loyaltyCards.id, deal.id));
    }
    const code = () => counterCodeFor(context.app, setup.owner.cookie, deal.id);
    return { setup, deal, code };
  }
  const stockOf = async (cardId: string) =>
    (await db().select({ stockLeft: loyaltyCards.stockLeft }).from(loyaltyCards).where(eq(loyaltyCards.id, cardId)))[0]!
      .stockLeft;

  it('takes a unit of stock when the stamp adds the card, and refuses newcomers once it is sold out', async () => {
    const { deal, code } = await dealCounter(1);
    const [first, second] = [await signUpUser(context.app), await signUpUser(context.app)];
    const stamped = await collectWith(context.app, first.cookie, (await code()).qrPayload);
    expect(stamped.statusCode).toBe(200);
    expect(await stockOf(deal.id)).toBe(0);

    const sharedCode = await code();
    const refused = await collectWith(context.app, second.cookie, sharedCode.typedCode);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'sold_out', message: 'This deal is sold out.' });
    expect(await db().select().from(userCards).where(eq(userCards.userId, second.id))).toEqual([]);
    expect(await stockOf(deal.id)).toBe(0);

    // Claim Now follows the same rule: the stamp took the last unit.
    const claim = await context.app.inject({
      method: 'POST',
      url: `/api/marketplace/cards/${deal.id}/join`,
      headers: { cookie: second.cookie },
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error.message).toBe('This deal is sold out.');
  });

  it('still serves a customer who claimed a unit before it sold out, with the code the refusal left unused', async () => {
    const { deal, code } = await dealCounter(1);
    const [holder, latecomer] = [await signUpUser(context.app), await signUpUser(context.app)];
    const claim = await context.app.inject({
      method: 'POST',
      url: `/api/marketplace/cards/${deal.id}/join`,
      headers: { cookie: holder.cookie },
    });
    expect(claim.json().stockLeft).toBe(0);

    const counter = await code();
    expect((await collectWith(context.app, latecomer.cookie, counter.qrPayload)).json().error.message).toBe(
      'This deal is sold out.',
    );
    const served = await collectWith(context.app, holder.cookie, counter.qrPayload);
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({
      message: 'Congratulations! You earned a reward!',
      userCard: { cardId: deal.id, stampsCollected: 1 },
    });
  });

  it('refuses every stamp once the deal has ended, and the counter shows no code for it', async () => {
    // The deal ends half a minute after the counter shows a code that lives longer.
    const { setup, deal, code } = await dealCounter(5, 30_000);
    const holder = await signUpUser(context.app);
    await db().insert(userCards).values({ userId: holder.id, cardId: deal.id, startedAt: context.clock.now() });
    const counter = await code();

    context.clock.advance(31_000);
    for (const customer of [holder, await signUpUser(context.app)]) {
      const refused = await collectWith(context.app, customer.cookie, counter.qrPayload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'deal_ended', message: 'This deal has ended.' });
    }
    const minted = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/cards/${deal.id}/counter-code`,
      headers: { cookie: setup.owner.cookie },
    });
    expect(minted.statusCode).toBe(409);
    expect(minted.json().error.message).toBe('This deal has ended.');
    expect(await db().select().from(stamps).where(eq(stamps.cardId, deal.id))).toEqual([]);
    expect(await stockOf(deal.id)).toBe(5);
  });
});
