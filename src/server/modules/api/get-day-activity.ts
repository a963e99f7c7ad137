import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { addPakistanDays, pakistanDateKey, pakistanInstant } from '@shared/pakistan-time';
import type { apiActivitySchema } from '@shared/api/vendor-api-v1';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards, stamps, users } from '@server/db/schema';
import { invalidFields } from '@server/errors';

type Activity = z.infer<typeof apiActivitySchema>;
type Item = Activity['items'][number];

interface Cursor {
  at: Date;
  id: string;
}

function encodeCursor(item: Item): string {
  return Buffer.from(`${item.at}|${item.id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|');
  const when = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(when.getTime()))
    throw invalidFields('before: use the nextCursor of an earlier page.', {
      before: 'use the nextCursor of an earlier page.',
    });
  return { at: when, id };
}

function dayOf(date: string | undefined, now: Date): { key: string; start: Date; end: Date } {
  const key = date ?? pakistanDateKey(now);
  const start = pakistanInstant(key);
  if (Number.isNaN(start.getTime()) || pakistanDateKey(start) !== key)
    throw invalidFields('date: not a calendar day (YYYY-MM-DD).', { date: 'not a calendar day (YYYY-MM-DD).' });
  return { key, start, end: addPakistanDays(start, 1) };
}

/** (at, id) strictly before the cursor, newest first. */
function before(
  atColumn: Parameters<typeof lt>[0],
  idColumn: Parameters<typeof lt>[0],
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(atColumn, cursor.at), and(eq(atColumn, cursor.at), lt(idColumn, cursor.id)));
}

/**
 * The day's work at this vendor's counter (a Pakistan day): the stamps it issued and the rewards it
 * confirmed, newest first and paged by a cursor, with the day's totals and the rewards its cards
 * gave out. Each read is a range scan of stamps_vendor_issued_idx or rewards_redeemed_by_vendor_idx.
 */
export async function getDayActivity(
  db: Executor,
  vendorId: string,
  input: { date?: string; limit: number; before?: string },
  now: Date,
): Promise<Activity> {
  const day = dayOf(input.date, now);
  const cursor = input.before ? decodeCursor(input.before) : null;
  const stampsOfDay = and(eq(stamps.vendorId, vendorId), gte(stamps.issuedAt, day.start), lt(stamps.issuedAt, day.end));
  const redeemedOfDay = and(
    eq(rewards.redeemedByVendorId, vendorId),
    eq(rewards.status, 'redeemed'),
    gte(rewards.redeemedAt, day.start),
    lt(rewards.redeemedAt, day.end),
  );
  const [stampRows, redemptionRows, [stampTotal], [redeemedTotal], [earnedTotal]] = await Promise.all([
    db
      .select({
        id: stamps.id,
        at: stamps.issuedAt,
        cardId: stamps.cardId,
        cardName: loyaltyCards.name,
        customerId: stamps.userId,
        customerName: users.name,
      })
      .from(stamps)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
      .innerJoin(users, eq(users.id, stamps.userId))
      .where(and(stampsOfDay, before(stamps.issuedAt, stamps.id, cursor)))
      .orderBy(desc(stamps.issuedAt), desc(stamps.id))
      .limit(input.limit + 1),
    db
      .select({
        id: rewards.id,
        at: rewards.redeemedAt,
        cardId: rewards.cardId,
        cardName: loyaltyCards.name,
        customerId: rewards.userId,
        customerName: users.name,
      })
      .from(rewards)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
      .innerJoin(users, eq(users.id, rewards.userId))
      .where(and(redeemedOfDay, before(rewards.redeemedAt, rewards.id, cursor)))
      .orderBy(desc(rewards.redeemedAt), desc(rewards.id))
      .limit(input.limit + 1),
    db.select({ total: count() }).from(stamps).where(stampsOfDay),
    db.select({ total: count() }).from(rewards).where(redeemedOfDay),
    db
      .select({ total: count() })
      .from(rewards)
      .where(and(eq(rewards.vendorId, vendorId), gte(rewards.earnedAt, day.start), lt(rewards.earnedAt, day.end))),
  ]);
  const items: Item[] = [
    ...stampRows.map((row) => ({ type: 'stamp' as const, ...row })),
    ...redemptionRows.map((row) => ({ type: 'redemption' as const, ...row })),
  ]
    .map((row) => ({
      type: row.type,
      id: row.id,
      at: (row.at ?? day.start).toISOString(),
      card: { id: row.cardId, name: row.cardName },
      customer: { id: row.customerId, name: row.customerName },
    }))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  const page = items.slice(0, input.limit);
  return {
    date: day.key,
    totals: {
      stamps: Number(stampTotal?.total ?? 0),
      redemptions: Number(redeemedTotal?.total ?? 0),
      rewardsEarned: Number(earnedTotal?.total ?? 0),
    },
    items: page,
    nextCursor: items.length > input.limit ? encodeCursor(page.at(-1)!) : null,
  };
}
