import type { Database } from '@server/db/client';
import { retryOnTransactionConflict } from '@server/db/transaction-conflict';
import { notFound } from '@server/errors';
import { enqueueJob } from '@server/lib/job-queue';
import { giveReferralBonuses } from './bonus-stamps';
import { readStampsToday, watchCustomerDay } from './fraud-watch';
import { checkMonthlyStampLimit, lockStampCounting } from './check-monthly-stamp-limit';
import { loadStampContext } from './stamp-context';
import { stampEmailJob } from './stamp-email-job';
import type { StampCardInput, StampOutcome } from './stamp-request';
import {
  assertCardTakesStamps,
  assertIssuerHonoursCard,
  assertOrderFitsCard,
  assertUserCardTakesStampNow,
  assertVendorIssuesStamps,
  assertWithinDailyCap,
  customerWhoMayCollect,
  orderOf,
  tieredOrder,
} from './stamp-rules';
import { tierAfterAward, tierOfAward } from '@server/modules/cards/card-tiers';
import { tierMultiplier } from '@shared/cards/earn-rules';
import { useCodeAndLockUserCard, writeStamp } from './write-stamp';

/**
 * One stamp, in one transaction (PRODUCT.md section 4), read top to bottom as the rule: the card
 * is one the issuing vendor honours; the vendor issues stamps and the card takes them; the
 * customer may collect; the code is used once and the card joined if needed; the customer's card
 * is not waiting for its reward and the card's interval has passed; the issuing vendor's plan
 * allows another stamp this month (SPEC.md section 5); then the stamp, and on the last one the
 * reward, with what it sets off (after-stamp-effects.ts). Every stamp takes a few round trips
 * and no more: reads and writes that do not depend on each other travel together.
 *
 * An order for several stamps (input.quantity, where the issuing vendor allows it) is the same
 * transaction: one visit for the interval, every stamp counted against the month's limit, the
 * reward earned where the card completes and the rest carried to its next round. A points card's
 * award is one stamp row carrying its points; the milestones a stamp card passes are each earned
 * once per round (decision 085).
 */
export async function stampCard(db: Database, input: StampCardInput): Promise<StampOutcome> {
  // Every write of a stamp is inside its transaction, so one rolled back for a deadlock (two
  // partner counters stamping one customer on each other's cards at once) is simply run again.
  return retryOnTransactionConflict(() => stampInTransaction(db, input));
}

function stampInTransaction(db: Database, input: StampCardInput): Promise<StampOutcome> {
  const { now, issuer } = input;
  return db.transaction(async (tx) => {
    const card = await loadStampContext(tx, {
      cardId: input.cardId,
      customerUserId: input.customerUserId,
      issuerVendorId: issuer.vendorId,
    });
    if (!card) throw notFound('Loyalty card not found');
    assertIssuerHonoursCard(card, input);
    assertVendorIssuesStamps({ name: card.vendorName, status: card.vendorStatus, closedAt: card.vendorClosedAt });
    if (issuer.vendorId !== card.vendorId) assertVendorIssuesStamps(card.issuer);
    assertCardTakesStamps(card, now);
    const customer = customerWhoMayCollect(card, issuer.audience);
    // How the card earns (decision 085): stamps for a quantity, or points for a bill.
    const order = orderOf(card, input, issuer.audience);
    // The issuing vendor's plan: a partner's stamps count against its own limit, not the owner's.
    // Its stamps are counted one at a time, and the lock comes before this stamp's first write.
    await lockStampCounting(tx, card.issuer);

    const { userCard, joined } = await useCodeAndLockUserCard(tx, input, card);
    assertUserCardTakesStampNow(userCard, card, issuer.audience, now);
    if (!order.points) assertOrderFitsCard(userCard, card, order.quantity, issuer.audience);
    const atCounter = (input.code.kind ?? 'visit') === 'visit';
    // Tiers (decision 087): a counter award is multiplied by the customer's level, read under their
    // card's lock from one range of its visits; from here on the order is what it gives.
    const tier = atCounter && card.tiers && card.tiersOn ? await tierOfAward(tx, card.tiers, userCard, now) : null;
    const { quantity, points } = tier
      ? tieredOrder(order, tierMultiplier(tier.rule, tier.level), userCard, card)
      : order;
    // The customer's counter stamps of the day, read under their card's lock: the card's daily cap
    // and the day's alert at this shop (decision 086). Bonuses are the product's, neither counts them.
    const today = atCounter
      ? await readStampsToday(tx, {
          customerUserId: input.customerUserId,
          cardId: card.id,
          issuerVendorId: issuer.vendorId,
          now,
        })
      : null;
    if (today) assertWithinDailyCap(today.onCard, card, quantity, issuer.audience, now);
    // A points award is one stamp of the plan's month, whatever its points (decision 085).
    await checkMonthlyStampLimit(tx, card.issuer, now, quantity);

    // A referral is about the card's owner: its friend's first visit, whoever's counter it was at.
    const settlesReferral = (input.code.kind ?? 'visit') === 'visit' && card.customerHasPendingReferral;
    const visit = await writeStamp(tx, {
      input: { ...input, quantity },
      card,
      userCard,
      customer,
      joined,
      emailCustomer: !settlesReferral,
      points,
      ...(tier ? { tier: tierAfterAward(tier, points?.points ?? null) } : {}),
    });
    if (today) {
      await watchCustomerDay(tx, {
        vendorId: issuer.vendorId,
        customerUserId: input.customerUserId,
        atShopBefore: today.atShop,
        quantity,
        now,
      });
    }
    if (!settlesReferral) return visit;
    const settled = await giveReferralBonuses(tx, visit, {
      vendorId: card.vendorId,
      friendUserId: input.customerUserId,
      ...(input.device ? { friendDevice: input.device } : {}),
      now,
    });
    // The e-mail tells the visit with its bonus counted in.
    await enqueueJob(tx, stampEmailJob(input.customerUserId, settled, now));
    return settled;
  });
}
