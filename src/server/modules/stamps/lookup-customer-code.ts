import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerCodeLookupSchema } from '@shared/stamps/stamps';
import type { Executor } from '@server/db/client';
import { loyaltyCards, userCards, users, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { cardHonouredBy } from '@server/modules/cards/partnerships';
import { readCode } from './read-code';
import type { StampCodeSettings } from './stamp-code-settings';

/**
 * Staff scanned a customer's My QR: who it is (first name only) and where they stand on each of
 * the cards this vendor honours (its own and partner cards), so the staff member can pick the card to stamp. Reveals nothing else.
 */
export async function lookupCustomerCode(
  db: Executor,
  settings: StampCodeSettings,
  { staff, customerCode }: { staff: { typedCodeLimitKey: string; vendorId: string }; customerCode: string },
  now: Date,
): Promise<z.infer<typeof customerCodeLookupSchema> & { customerUserId: string }> {
  const claims = await readCode(db, customerCode, {
    reader: 'staff-issue',
    key: settings.key,
    actorUserId: staff.typedCodeLimitKey,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
  return { customerUserId: claims.userId, ...(await customerAtCounter(db, staff.vendorId, claims.userId)) };
}

/**
 * Who the customer is (first name only) and where they stand on each active card the vendor
 * honours (its own and partner cards): what a counter sees of a customer, however it found them.
 */
export async function customerAtCounter(
  db: Executor,
  vendorId: string,
  userId: string,
): Promise<z.infer<typeof customerCodeLookupSchema>> {
  const [customer] = await db
    .select({
      name: users.name,
      // How many stamps staff may give for one order here (the counter offers the choice).
      maxStampsPerVisit: sql<number>`(select ${vendors.maxStampsPerVisit} from ${vendors} where ${vendors.id} = ${vendorId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!customer) throw notFound('Customer not found');
  const cards = await db
    .select({
      cardId: loyaltyCards.id,
      name: loyaltyCards.name,
      status: loyaltyCards.status,
      stampsRequired: loyaltyCards.stampsRequired,
      earnKind: loyaltyCards.earnKind,
      maxItemsPerVisit: loyaltyCards.maxItemsPerVisit,
      pointsPer100Pkr: loyaltyCards.pointsPer100Pkr,
      minBillPkr: loyaltyCards.minBillPkr,
      stampsCollected: userCards.stampsCollected,
      // A completed card waits for its last reward; an earlier milestone's reward does not stop stamps.
      rewardPending: sql<boolean>`coalesce(${userCards.status} = 'completed', false)`,
    })
    .from(loyaltyCards)
    .leftJoin(userCards, and(eq(userCards.cardId, loyaltyCards.id), eq(userCards.userId, userId)))
    .where(and(cardHonouredBy(vendorId), eq(loyaltyCards.status, 'active')))
    .orderBy(asc(loyaltyCards.name))
    .limit(100);
  return {
    customer: { name: customer.name },
    maxStampsPerVisit: Number(customer.maxStampsPerVisit ?? 1),
    cards: cards.map((card) => ({ ...card, rewardPending: Boolean(card.rewardPending) })),
  };
}
