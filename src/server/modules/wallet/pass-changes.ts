import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, loyaltyCards, userCards, walletPasses } from '@server/db/schema';
import type { AfterChangeEffect } from '@server/lib/after-change';
import { DEFAULT_MAX_ATTEMPTS, jobKind, jobPayloadSql } from '@server/lib/job-queue';

/*
 * The Wallet passes follow the changes of what they show (decisions 041 and 046): the pass is
 * marked newer inside the change's transaction, and the wallet jobs tell Apple's devices and
 * Google once it commits.
 */

/** The job that tells Google a card's loyalty class changed (its name, its vendor's name). */
export const WALLET_CARD_CHANGED_JOB = jobKind('wallet.card-changed', z.object({ cardId: z.string() }));

/** What a Wallet pass shows of the card: a change to one of these updates every holder's pass. */
const CARD_FIELDS_ON_PASSES: readonly string[] = ['name', 'rewardTitle', 'rewardDescription', 'stampsRequired'];
/** What a pass shows of its vendor (the name and address) and carries (its pin). */
const VENDOR_FIELDS_ON_PASSES: readonly string[] = ['businessName', 'address', 'city', 'latitude', 'longitude'];

const pendingPush = (now: Date) =>
  sql`${sql.identifier(walletPasses.updatedAt.name)} = ${now}, ${sql.identifier(walletPasses.pushPending.name)} = true`;

/** A held card's pass is newer from now on; a card without a pass is untouched. */
function heldCardPassChanged(userCardId: string, now: Date): SQL {
  return sql`update ${walletPasses} set ${pendingPush(now)} where ${eq(walletPasses.userCardId, userCardId)}`;
}

/**
 * Every pass of the cards `cardsWhere` selects (a condition on loyalty_cards) is newer, and a job
 * per card tells Google the card's class.
 */
function cardPassesChanged(cardsWhere: SQL, now: Date): SQL[] {
  const target = [jobs.name, jobs.payload, jobs.runAt, jobs.uniqueKey, jobs.maxAttempts].map((column) =>
    sql.identifier(column.name),
  );
  return [
    sql`update ${walletPasses} set ${pendingPush(now)} where ${walletPasses.userCardId} in
      (select ${userCards.id} from ${userCards} inner join ${loyaltyCards} on ${loyaltyCards.id} = ${userCards.cardId} where ${cardsWhere})`,
    sql`insert into ${jobs} (${sql.join(target, sql`, `)})
      select ${WALLET_CARD_CHANGED_JOB.name}, ${jobPayloadSql(WALLET_CARD_CHANGED_JOB, { cardId: loyaltyCards.id })}, ${now.toISOString()}::timestamptz,
             'wallet-card:' || ${loyaltyCards.id}::text || ${`:${now.getTime()}`}, ${DEFAULT_MAX_ATTEMPTS}::int
      from ${loyaltyCards} where ${cardsWhere}
      on conflict (${sql.identifier(jobs.uniqueKey.name)}) do nothing`,
  ];
}

export const walletPassEffects: AfterChangeEffect = {
  name: 'Wallet passes',
  on: {
    'stamp.written': (stamp) => [heldCardPassChanged(stamp.userCardId, stamp.now)],
    // The card starts over, and the pass with it.
    'reward.redeemed': (redeemed) =>
      redeemed.userCardId ? [heldCardPassChanged(redeemed.userCardId, redeemed.now)] : [],
    // Its count went back, and a withdrawn reward is no longer ready.
    'stamp.reversed': (reversed) => [heldCardPassChanged(reversed.userCardId, reversed.now)],
    // The pass shows the level (decision 087).
    'tier.changed': (changed) => {
      if ('cardId' in changed)
        return [
          sql`update ${walletPasses} set ${pendingPush(changed.now)} where ${walletPasses.userCardId} in
            (select ${userCards.id} from ${userCards} where ${eq(userCards.cardId, changed.cardId)})`,
        ];
      return changed.userCardIds.length === 0
        ? []
        : [
            sql`update ${walletPasses} set ${pendingPush(changed.now)} where ${inArray(walletPasses.userCardId, changed.userCardIds)}`,
          ];
    },
    // The pass no longer shows the reward as ready.
    'reward.expired': (expired) => [heldCardPassChanged(expired.userCardId, expired.now)],
    'card.changed': (changed) =>
      changed.change === 'edited' && changed.changedFields.some((field) => CARD_FIELDS_ON_PASSES.includes(field))
        ? cardPassesChanged(eq(loyaltyCards.id, changed.card.id), changed.now)
        : [],
    'vendor.changed': (changed) =>
      changed.changedFields.some((field) => VENDOR_FIELDS_ON_PASSES.includes(field))
        ? cardPassesChanged(eq(loyaltyCards.vendorId, changed.vendorId), changed.now)
        : [],
  },
};
