import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { loyaltyCards, stampReversals, stamps } from '@server/db/schema';
import { startOfPakistanMonth as startOfStampMonth } from '@shared/pakistan-time';

/**
 * Stamps the vendor issued from `since` on: what counts against the monthly limit
 * (stamps/check-monthly-stamp-limit.ts). Every stamp row, but a card's head start
 * (given by the card, not at a counter: decision 085) and a stamp the shop reversed. Counted as all
 * rows less the head start's and the reversed ones, so that the counts stay index scans (the head
 * start's on its own partial index, the reversals' on stamp_reversals_vendor_idx).
 */
export async function countStampsSince(db: Executor, vendorId: string, since: Date): Promise<number> {
  const inMonth = and(eq(stamps.vendorId, vendorId), gte(stamps.issuedAt, since));
  const headStart = db
    .select({ value: count() })
    .from(stamps)
    .where(and(inMonth, eq(stamps.kind, 'head_start')));
  // A stamp the shop reversed (decision 086) gives the month back (decision 087): one range of the
  // vendor's reversals since `since` (a stamp of the month is reversed after it), empty as a rule.
  const reversed = db
    .select({ value: count() })
    .from(stampReversals)
    .innerJoin(stamps, eq(stamps.id, stampReversals.stampId))
    .where(and(eq(stampReversals.vendorId, vendorId), gte(stampReversals.reversedAt, since), inMonth));
  const [row] = await db
    .select({ value: sql<number>`count(*) - (${headStart}) - (${reversed})` })
    .from(stamps)
    .where(inMonth);
  return Number(row?.value ?? 0);
}

export async function countActiveCards(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), eq(loyaltyCards.status, 'active')));
  return Number(row?.value ?? 0);
}

/**
 * What counts against the plan limits: active cards, and stamps issued this calendar month. The
 * month is the stamp limit's own (startOfStampMonth), so the usage shown and the limit enforced
 * can never disagree about when a month starts.
 */
export async function countPlanUsage(db: Executor, vendorId: string, now: Date) {
  const monthStartsAt = startOfStampMonth(now);
  const [activeCards, stampsThisMonth] = await Promise.all([
    countActiveCards(db, vendorId),
    countStampsSince(db, vendorId, monthStartsAt),
  ]);
  return { activeCards, stampsThisMonth, monthStartsAt };
}
