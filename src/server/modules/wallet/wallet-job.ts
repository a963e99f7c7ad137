import type { FastifyInstance } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '@server/lib/periodic-job';
import { pushWalletUpdates } from './push-wallet-updates';

export const WALLET_JOB_INTERVAL_MS = 3_000;

/**
 * Tells Apple's devices and Google about changed passes in the background, on the one
 * periodic-job runner (never in the stamp's request), and only when a wallet is configured.
 */
export function startWalletJob(app: FastifyInstance, options: { intervalMs?: number } = {}): PeriodicJob | null {
  const { database, config, clock } = app.deps;
  if (!config.wallet.apple && !config.wallet.google) return null;
  return startPeriodicJob(app, {
    name: 'wallet',
    intervalMs: options.intervalMs ?? WALLET_JOB_INTERVAL_MS,
    async run() {
      const result = await pushWalletUpdates({ db: database.db, config, log: app.log }, clock.now());
      if (result.passes > 0) app.log.info({ wallet: result }, 'Wallet pass');
    },
  });
}
