import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { walletPasses } from '@server/db/schema';

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
