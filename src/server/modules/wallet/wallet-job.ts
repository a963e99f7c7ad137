import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import type { JobHandler } from '@server/lib/job-queue';
import { pushWalletUpdates } from './push-wallet-updates';

/** A changed pass reaches the phones and Google within this long of the stamp or redemption. */
export const WALLET_JOB_INTERVAL_MS = 5_000;
export const WALLET_UPDATES_JOB = 'wallet.updates';

/**
 * The recurring job on the one runner (decision 037) that tells Apple's devices and Google about
 * passes marked changed in their stamp's or redemption's transaction; never in the request.
 */
export function walletUpdatesHandler(deps: { db: Database; config: Config; log: FastifyBaseLogger }): JobHandler {
  return {
    name: WALLET_UPDATES_JOB,
    async run(_job, now) {
      const result = await pushWalletUpdates(deps, now);
      if (result.passes > 0) deps.log.info({ wallet: result }, 'Wallet pass');
    },
  };
}

/** Scheduled only when a wallet is configured. */
export function walletConfigured(config: Pick<Config, 'wallet'>): boolean {
  return Boolean(config.wallet.apple || config.wallet.google);
}
