import { asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { phoneOfAccountEmail } from '@shared/accounts/phone';
import type { Database } from '@server/db/client';
import {
  authUser,
  devices,
  emailPreferences,
  loyaltyCards,
  pushSubscriptions,
  referralCodes,
  referrals,
  rewards,
  stamps,
  userCards,
  users,
  vendorMembers,
  vendors,
  visitRatings,
  walletPasses,
} from '@server/db/schema';
import { notFound } from '@server/errors';
import { recordAudit } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';

const cardVendor = alias(vendors, 'card_vendor');

/**
 * "Download my data": everything the app keeps about one person, as one JSON document, the
 * customer's twin of the vendor's Download Business Data (vendors/vendor-account.ts). Secrets
 * are left out (the offline codes' secrets, push keys, password hashes); what they protect is listed.
 */
export async function exportAccountData(db: Database, userId: string, now: Date) {
  const [person] = await db
    .select({ user: users, phoneNumber: authUser.phoneNumber, twoFactorEnabled: authUser.twoFactorEnabled })
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!person) throw notFound(serverText('account:close.notFound'), 'user_not_found');
  const { user } = person;

  const cards = await db
    .select({
      card: loyaltyCards.name,
      business: vendors.businessName,
      stampsCollected: userCards.stampsCollected,
      stampsRequired: loyaltyCards.stampsRequired,
      status: userCards.status,
      joinedAt: userCards.createdAt,
      completedAt: userCards.completedAt,
      lastStampAt: userCards.lastStampAt,
    })
    .from(userCards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(eq(userCards.userId, userId))
    .orderBy(asc(userCards.createdAt));
  const stampRows = await db
    .select({
      card: loyaltyCards.name,
      business: vendors.businessName,
      kind: stamps.kind,
      issuedAt: stamps.issuedAt,
    })
    .from(stamps)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
    .innerJoin(vendors, eq(vendors.id, stamps.vendorId))
    .where(eq(stamps.userId, userId))
    .orderBy(asc(stamps.issuedAt));
  const rewardRows = await db
    .select({
      title: rewards.rewardTitle,
      description: rewards.rewardDescription,
      valuePkr: rewards.rewardValue,
      card: loyaltyCards.name,
      business: vendors.businessName,
      status: rewards.status,
      earnedAt: rewards.earnedAt,
      expiresAt: rewards.expiresAt,
      redeemedAt: rewards.redeemedAt,
    })
    .from(rewards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
    .innerJoin(vendors, eq(vendors.id, rewards.vendorId))
    .where(eq(rewards.userId, userId))
    .orderBy(asc(rewards.earnedAt));
  const codes = await db
    .select({ code: referralCodes.code, card: loyaltyCards.name, createdAt: referralCodes.createdAt })
    .from(referralCodes)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, referralCodes.cardId))
    .where(eq(referralCodes.userId, userId));
  const referralRows = await db
    .select({
      business: vendors.businessName,
      referrerUserId: referrals.referrerUserId,
      status: referrals.status,
      claimedAt: referrals.claimedAt,
      settledAt: referrals.settledAt,
    })
    .from(referrals)
    .innerJoin(vendors, eq(vendors.id, referrals.vendorId))
    .where(or(eq(referrals.referrerUserId, userId), eq(referrals.friendUserId, userId)))
    .orderBy(asc(referrals.claimedAt));
  const ratings = await db
    .select({
      business: vendors.businessName,
      card: loyaltyCards.name,
      rating: visitRatings.rating,
      comment: visitRatings.comment,
      createdAt: visitRatings.createdAt,
    })
    .from(visitRatings)
    .innerJoin(vendors, eq(vendors.id, visitRatings.vendorId))
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, visitRatings.cardId))
    .where(eq(visitRatings.userId, userId))
    .orderBy(asc(visitRatings.createdAt));
  const offlineDevices = await db
    .select({ name: devices.name, createdAt: devices.createdAt, lastUsedAt: devices.lastUsedAt })
    .from(devices)
    .where(eq(devices.userId, userId));
  const push = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastDeliveredAt: pushSubscriptions.lastDeliveredAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const passes = await db
    .select({ card: loyaltyCards.name, business: cardVendor.businessName, createdAt: walletPasses.createdAt })
    .from(walletPasses)
    .innerJoin(userCards, eq(userCards.id, walletPasses.userCardId))
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .innerJoin(cardVendor, eq(cardVendor.id, loyaltyCards.vendorId))
    .where(eq(walletPasses.userId, userId));
  const [preferences] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  const teams = await db
    .select({ business: vendors.businessName, role: vendorMembers.role, since: vendorMembers.createdAt })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(vendorMembers.userId, userId));

  await recordAudit(db, {
    actor: { userId, email: user.email },
    action: 'user.export',
    targetType: 'user',
    targetId: userId,
  });
  const signInPhone = phoneOfAccountEmail(user.email);
  return {
    exportedAt: now.toISOString(),
    profile: {
      email: signInPhone ? null : user.email,
      signInPhoneNumber: person.phoneNumber,
      name: user.name,
      surname: user.surname,
      verified: user.verified,
      phone: user.phone,
      city: user.city,
      dateOfBirth: user.dateOfBirth,
      gender: user.gender,
      language: user.language,
      twoFactorSignIn: person.twoFactorEnabled,
      createdAt: user.createdAt,
    },
    cards,
    stamps: stampRows,
    rewards: rewardRows,
    referrals: {
      codes,
      referrals: referralRows.map(({ referrerUserId, ...referral }) => ({
        ...referral,
        role: referrerUserId === userId ? 'referrer' : 'friend',
      })),
    },
    ratings,
    devices: { offlineCodes: offlineDevices, pushSubscriptions: push, walletPasses: passes },
    preferences: preferences ? { ...preferences, userId: undefined } : null,
    teams,
  };
}
