import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyCards, stamps } from '../../db/schema';

/** Pakistan Standard Time is UTC+5 all year (no daylight saving). */
const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;

/** The 1st of the current month, 00:00 in Asia/Karachi: where the monthly stamp limit starts counting. */
export function karachiMonthStart(now = new Date()): Date {
  const karachi = new Date(now.getTime() + KARACHI_OFFSET_MS);
  return new Date(Date.UTC(karachi.getUTCFullYear(), karachi.getUTCMonth(), 1) - KARACHI_OFFSET_MS);
}

export async function countActiveCards(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), eq(loyaltyCards.status, 'active')));
  return Number(row?.value ?? 0);
}

export async function countStampsSince(db: Executor, vendorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(stamps)
    .where(and(eq(stamps.vendorId, vendorId), gte(stamps.issuedAt, since)));
  return Number(row?.value ?? 0);
}

/** What counts against the plan limits: active cards, and stamps issued this calendar month. */
export async function countPlanUsage(db: Executor, vendorId: string, now = new Date()) {
  const monthStartsAt = karachiMonthStart(now);
  const [activeCards, stampsThisMonth] = await Promise.all([
    countActiveCards(db, vendorId),
    countStampsSince(db, vendorId, monthStartsAt),
  ]);
  return { activeCards, stampsThisMonth, monthStartsAt };
}
