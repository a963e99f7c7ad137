import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { and, eq } from 'drizzle-orm';
import { userCards, walletPasses } from '@server/db/schema';
import { handlerOf, jobKind, NO_PAYLOAD, type JobHandler } from '@server/lib/job-queue';
import { WALLET_CARD_CHANGED_JOB } from './pass-changes';
import { updateGoogleClass } from './google-wallet';
import { pushWalletUpdates } from './push-wallet-updates';
import { loadPassContent } from './wallet-passes';

/** A changed pass reaches the phones and Google within this long of the stamp or redemption. */
export const WALLET_JOB_INTERVAL_MS = 5_000;
export const WALLET_UPDATES_JOB = jobKind('wallet.updates', NO_PAYLOAD);

/**
 * The recurring job on the one runner (decision 037) that tells Apple's devices and Google about
 * passes marked changed in their stamp's or redemption's transaction; never in the request.
 */
export function walletUpdatesHandler(deps: { db: Database; config: Config; log: FastifyBaseLogger }): JobHandler {
  return handlerOf(WALLET_UPDATES_JOB, {
    async run(_payload, _job, now) {
      const result = await pushWalletUpdates(deps, now);
      if (result.passes > 0) deps.log.info({ wallet: result }, 'Wallet pass');
    },
  });
}

/**
 * A card's name or its vendor's changed (pass-changes.ts): its Google loyalty class follows.
 * The passes themselves were marked in the change's transaction and go out with the updates job.
 * Nothing to do without Google, or while no holder saved the card to Google (no class exists).
 */
export function walletCardChangedHandler(deps: { db: Database; config: Config }): JobHandler {
  return handlerOf(WALLET_CARD_CHANGED_JOB, {
    async run({ cardId }, _job, now) {
      const google = deps.config.wallet.google;
      if (!google) return;
      const [saved] = await deps.db
        .select({ id: walletPasses.id })
        .from(walletPasses)
        .innerJoin(userCards, eq(userCards.id, walletPasses.userCardId))
        .where(and(eq(userCards.cardId, cardId), eq(walletPasses.googleLinked, true)))
        .limit(1);
      if (!saved) return;
      const content = await loadPassContent(deps.db, deps.config.sessionSecret, { passId: saved.id }, now);
      if (!content) return;
      const outcome = await updateGoogleClass(google, content, deps.config.publicUrl, now);
      if (outcome === 'retry')
        return { retryAt: new Date(now.getTime() + 60_000), error: 'Google Wallet did not answer a class update' };
      if (outcome === 'refused') return { giveUp: 'Google Wallet refused the class update' };
    },
  });
}

/** Scheduled only when a wallet is configured. */
export function walletConfigured(config: Pick<Config, 'wallet'>): boolean {
  return Boolean(config.wallet.apple || config.wallet.google);
}
