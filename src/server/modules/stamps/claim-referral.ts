import { eq } from 'drizzle-orm';
import type { ReferralClaim } from '@shared/stamps/referrals';
import type { Executor } from '@server/db/client';
import { referralCodes, referrals, vendors } from '@server/db/schema';
import { conflict, forbidden, notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { loadReferralFacts } from './referral-facts';
import { referralRefusal, type ReferralRefusal } from './referral-rules';

/** The friend's words for each refusal, and the answer's status and code. */
export const REFUSAL_ANSWERS: Record<ReferralRefusal, { key: string; error: (message: string) => Error }> = {
  referrals_off: { key: 'customer:referral.off', error: (m) => conflict(m, 'referrals_off') },
  self_account: { key: 'customer:referral.selfAccount', error: (m) => forbidden(m, 'self_referral') },
  self_device: { key: 'customer:referral.selfDevice', error: (m) => forbidden(m, 'self_referral') },
  self_phone: { key: 'customer:referral.selfPhone', error: (m) => forbidden(m, 'self_referral') },
  not_new_customer: { key: 'customer:referral.notNew', error: (m) => conflict(m, 'not_new_customer') },
  already_referred: { key: 'customer:referral.alreadyReferred', error: (m) => conflict(m, 'already_referred') },
};

function refuse(refusal: ReferralRefusal, vendor: string): Error {
  const answer = REFUSAL_ANSWERS[refusal];
  return answer.error(serverText(answer.key, { vendor }));
}

/**
 * A signed-in friend accepts a referral code: the rules of referral-rules.ts now (they are asked
 * again at the first stamp), then one pending referral per friend and vendor.
 */
export async function claimReferral(
  db: Executor,
  input: { friendUserId: string; code: string; device: string; now: Date },
): Promise<ReferralClaim> {
  const [code] = await db
    .select({
      referrerUserId: referralCodes.userId,
      vendorId: referralCodes.vendorId,
      vendorName: vendors.businessName,
    })
    .from(referralCodes)
    .innerJoin(vendors, eq(vendors.id, referralCodes.vendorId))
    .where(eq(referralCodes.code, input.code))
    .limit(1);
  // One answer for every unknown code: it tells nothing about codes that exist.
  if (!code) throw notFound(serverText('customer:referral.unknownCode'), 'unknown_referral_code');
  const facts = await loadReferralFacts(db, {
    vendorId: code.vendorId,
    referrerUserId: code.referrerUserId,
    friendUserId: input.friendUserId,
    friendDevice: input.device,
  });
  const refusal = referralRefusal(facts);
  if (refusal) throw refuse(refusal, code.vendorName);
  const inserted = await db
    .insert(referrals)
    .values({
      vendorId: code.vendorId,
      code: input.code,
      referrerUserId: code.referrerUserId,
      friendUserId: input.friendUserId,
      claimedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  if (inserted.length === 0) throw refuse('already_referred', code.vendorName);
  return {
    vendorName: code.vendorName,
    message: serverText('customer:referral.accepted', { vendor: code.vendorName }),
  };
}
