import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { loyaltyCards, stamps } from '@server/db/schema';
import { startOfPakistanMonth as startOfStampMonth } from '@shared/pakistan-time';

/**
 * Stamps the vendor issued from `since` on: what counts against the monthly limit
 * (stamps/check-monthly-stamp-limit.ts). Every stamp row, but a card's head start
 * (given by the card, not at a counter: decision 085). Counted as all rows less the head start's,
 * so that both counts stay index-only scans (the head start's on its own partial index).
 */
export async function countStampsSince(db: Executor, vendorId: string, since: Date): Promise<number> {
  const inMonth = and(eq(stamps.vendorId, vendorId), gte(stamps.issuedAt, since));
  const headStart = db
    .select({ value: count() })
    .from(stamps)
    .where(and(inMonth, eq(stamps.kind, 'head_start')));
  const [row] = await db
    .select({ value: sql<number>`count(*) - (${headStart})` })
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
