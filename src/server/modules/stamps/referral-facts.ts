import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@server/db/client';
import { loyaltyCards, stamps, userDevices, users, vendors } from '@server/db/schema';
import type { ReferralFacts } from './referral-rules';

const referrer = alias(users, 'referrer');
const friend = alias(users, 'friend');
const referrerDevice = alias(userDevices, 'referrer_device');
const friendDevice = alias(userDevices, 'friend_device');
const visit = alias(stamps, 'visit');
const visitCard = alias(loyaltyCards, 'visit_card');
/** No stamp has this id: at the claim, every visit counts. */
const NO_STAMP = '00000000-0000-0000-0000-000000000000';

/**
 * What the rules need about a referral, in one statement: whether the vendor gives referral
 * bonuses, both phones, whether the two accounts were seen on one browser, and whether the friend
 * visited the vendor (a visit stamp on one of its cards) other than `exceptStampId`, the visit
 * being settled.
 */
export async function loadReferralFacts(
  db: Executor,
  input: {
    vendorId: string;
    referrerUserId: string;
    friendUserId: string;
    exceptStampId?: string;
    /** The friend's browser in this request, not recorded yet (device-cookie.ts). */
    friendDevice?: string;
  },
): Promise<ReferralFacts> {
  const [row] = await db
    .select({
      referralsEnabled: vendors.referralsEnabled,
      referrerPhone: referrer.phone,
      friendPhone: friend.phone,
      sharedDevice: sql<boolean>`exists (select 1 from ${userDevices} as ${referrerDevice} where ${referrerDevice.userId} = ${input.referrerUserId} and (${referrerDevice.deviceHash} = ${input.friendDevice ?? ''} or exists (select 1 from ${userDevices} as ${friendDevice} where ${friendDevice.userId} = ${input.friendUserId} and ${friendDevice.deviceHash} = ${referrerDevice.deviceHash})))`,
      friendHasVisited: sql<boolean>`exists (select 1 from ${stamps} as ${visit} join ${loyaltyCards} as ${visitCard} on ${visitCard.id} = ${visit.cardId} where ${visit.userId} = ${input.friendUserId} and ${visitCard.vendorId} = ${input.vendorId} and ${visit.kind} = 'visit' and ${visit.id} <> ${input.exceptStampId ?? NO_STAMP}::uuid)`,
    })
    .from(vendors)
    .leftJoin(referrer, eq(referrer.id, input.referrerUserId))
    .leftJoin(friend, eq(friend.id, input.friendUserId))
    .where(and(eq(vendors.id, input.vendorId)))
    .limit(1);
  return {
    referralsEnabled: row?.referralsEnabled ?? false,
    referrerUserId: input.referrerUserId,
    friendUserId: input.friendUserId,
    referrerPhone: row?.referrerPhone ?? null,
    friendPhone: row?.friendPhone ?? null,
    sharedDevice: Boolean(row?.sharedDevice),
    friendHasVisited: Boolean(row?.friendHasVisited),
  };
}
