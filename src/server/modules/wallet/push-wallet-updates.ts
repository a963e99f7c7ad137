import type { SecureClientSessionOptions } from 'node:http2';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { walletPassRegistrations, walletPasses } from '@server/db/schema';
import { pushToDevices } from './apns';
import { updateGoogleObject } from './google-wallet';
import { loadPassContent } from './wallet-passes';

export interface WalletUpdateDeps {
  db: Database;
  config: Pick<Config, 'sessionSecret' | 'wallet'>;
  log?: FastifyBaseLogger;
  /** Tests trust their local APNs server's certificate. */
  apnsTls?: Pick<SecureClientSessionOptions, 'ca'>;
}

export interface WalletPassResult {
  passes: number;
  applePushes: number;
  googleUpdates: number;
  retrying: number;
}

/**
 * One pass of the wallet job: every pass a committed stamp, reward or redemption marked
 * (pass-changes.ts) is told about it. Apple: an empty push to each registered device, which
 * then fetches the pass from the web service. Google: the object's stamps and reward, by PATCH.
 * Claimed with FOR UPDATE SKIP LOCKED, so servers share the work; a pass whose push failed for
 * a passing reason is marked again for the next pass.
 */
export async function pushWalletUpdates(
  deps: WalletUpdateDeps,
  now: Date,
  options: { limit?: number } = {},
): Promise<WalletPassResult> {
  const { db, config } = deps;
  const { apple, google } = config.wallet;
  const result: WalletPassResult = { passes: 0, applePushes: 0, googleUpdates: 0, retrying: 0 };
  const due = db
    .select({ id: walletPasses.id })
    .from(walletPasses)
    .where(eq(walletPasses.pushPending, true))
    .orderBy(walletPasses.updatedAt)
    .limit(options.limit ?? 50)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(walletPasses)
    .set({ pushPending: false })
    .where(inArray(walletPasses.id, due))
    .returning({ id: walletPasses.id, googleLinked: walletPasses.googleLinked });
  result.passes = claimed.length;
  if (claimed.length === 0) return result;

  const retry = new Set<string>();
  if (apple) {
    const registrations = await db
      .select({
        id: walletPassRegistrations.id,
        passId: walletPassRegistrations.passId,
        pushToken: walletPassRegistrations.pushToken,
      })
      .from(walletPassRegistrations)
      .where(
        inArray(
          walletPassRegistrations.passId,
          claimed.map((pass) => pass.id),
        ),
      );
    const outcomes = await pushToDevices(apple, [...new Set(registrations.map((row) => row.pushToken))], deps.apnsTls);
    const gone: string[] = [];
    for (const registration of registrations) {
      const outcome = outcomes.get(registration.pushToken);
      if (outcome === 'sent') result.applePushes += 1;
      else if (outcome === 'unregistered') gone.push(registration.id);
      else if (outcome === 'retry') retry.add(registration.passId);
      else deps.log?.warn({ passId: registration.passId }, 'APNs refused a Wallet pass update');
    }
    if (gone.length > 0) await db.delete(walletPassRegistrations).where(inArray(walletPassRegistrations.id, gone));
  }
  if (google) {
    for (const pass of claimed.filter((row) => row.googleLinked)) {
      const content = await loadPassContent(db, config.sessionSecret, { passId: pass.id }, now);
      if (!content) continue;
      const outcome = await updateGoogleObject(google, content, now);
      if (outcome === 'updated') result.googleUpdates += 1;
      else if (outcome === 'retry') retry.add(pass.id);
      else if (outcome === 'refused') deps.log?.warn({ passId: pass.id }, 'Google Wallet refused a pass update');
    }
  }
  if (retry.size > 0) {
    result.retrying = retry.size;
    await db
      .update(walletPasses)
      .set({ pushPending: true })
      .where(inArray(walletPasses.id, [...retry]));
  }
  return result;
}
