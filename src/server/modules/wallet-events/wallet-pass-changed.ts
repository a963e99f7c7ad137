import { eq, sql, type SQL } from 'drizzle-orm';
import { enqueueJob } from '@server/lib/job-queue';
import type { Executor } from '@server/db/client';
import { loyaltyCards, userCards, walletPasses } from '@server/db/schema';

/*
 * Below stamps, rewards and wallet (as webhook-events is): the domain changes say here that a
 * held card's Wallet pass changed, and the wallet module, which reads stamp codes, tells the
 * phones and Google after the commit (decision 041).
 */

/**
 * A statement for the transaction that changed what a held card's pass shows (a stamp, a reward,
 * its redemption): the pass is newer from now on, and the wallet job tells Apple's devices and
 * Google once the change commits. A card without a pass is untouched. It travels inside the
 * stamp's one statement as a CTE.
 */
export function walletPassChanged(userCardId: string, now: Date): SQL {
  return sql`update ${walletPasses} set ${sql.identifier(walletPasses.updatedAt.name)} = ${now}, ${sql.identifier(walletPasses.pushPending.name)} = true where ${eq(walletPasses.userCardId, userCardId)}`;
}

/** Records the change inside the caller's transaction. */
export async function markWalletPassChanged(tx: Executor, userCardId: string, now: Date): Promise<void> {
  await tx.execute(walletPassChanged(userCardId, now));
}

/** The job that tells Google a card's loyalty class changed (its name, its vendor's name). */
export const WALLET_CARD_CHANGED_JOB = 'wallet.card-changed';

/**
 * What every pass of a card shows of the card itself changed (its name or reward, its vendor's
 * name or address), inside the caller's transaction: all its holders' passes are newer, so
 * Apple's devices fetch them again, and a job tells Google the card's class (decision 046).
 */
export async function markCardPassesChanged(tx: Executor, cardIds: readonly string[], now: Date): Promise<void> {
  for (const cardId of cardIds) {
    await tx.execute(
      sql`update ${walletPasses} set ${sql.identifier(walletPasses.updatedAt.name)} = ${now}, ${sql.identifier(walletPasses.pushPending.name)} = true where ${walletPasses.userCardId} in (select ${userCards.id} from ${userCards} where ${eq(userCards.cardId, cardId)})`,
    );
    await enqueueJob(tx, {
      name: WALLET_CARD_CHANGED_JOB,
      payload: { cardId },
      runAt: now,
      uniqueKey: `wallet-card:${cardId}:${now.getTime()}`,
    });
  }
}

/** The same for every card of a vendor whose name or address changed. */
export async function markVendorPassesChanged(tx: Executor, vendorId: string, now: Date): Promise<void> {
  const cards = await tx.select({ id: loyaltyCards.id }).from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendorId));
  await markCardPassesChanged(
    tx,
    cards.map((card) => card.id),
    now,
  );
}
