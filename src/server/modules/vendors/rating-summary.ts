import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RATING_COMMENTS_SHOWN, RATING_TREND_WEEKS, type RatingSummary } from '@shared/vendors/feedback';
import { addPakistanDays, startOfPakistanWeek } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { loyaltyCards, users, visitRatings } from '@server/db/schema';
import { rows, toIso } from '@server/db/sql-rows';

const v = alias(visitRatings, 'v');
const u = alias(users, 'u');
const c = alias(loyaltyCards, 'c');
const WEEK_SECONDS = 7 * 24 * 60 * 60;

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * One vendor's ratings, for its own dashboard or the admin reviewing it (never anyone else):
 * the average and spread of all ratings, the average per Pakistan week for the last 12 weeks,
 * and the newest comments with the customer's first name and initial.
 */
export async function getRatingSummary(db: Executor, vendorId: string, now: Date): Promise<RatingSummary> {
  const [totals] = await rows<{
    count: number;
    average: number | null;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
    s5: number;
  }>(
    db,
    sql`select count(*)::int as count, avg(${v.rating})::float8 as average,
               count(*) filter (where ${v.rating} = 1)::int as s1, count(*) filter (where ${v.rating} = 2)::int as s2,
               count(*) filter (where ${v.rating} = 3)::int as s3, count(*) filter (where ${v.rating} = 4)::int as s4,
               count(*) filter (where ${v.rating} = 5)::int as s5
        from ${visitRatings} as ${v} where ${v.vendorId} = ${vendorId}`,
  );
  const firstWeek = addPakistanDays(startOfPakistanWeek(now), -7 * (RATING_TREND_WEEKS - 1));
  const firstEpoch = firstWeek.getTime() / 1000;
  const weekly = await rows<{ week: number; count: number; average: number }>(
    db,
    sql`select floor((extract(epoch from ${v.createdAt}) - ${firstEpoch}) / ${WEEK_SECONDS})::int as week,
               count(*)::int as count, avg(${v.rating})::float8 as average
        from ${visitRatings} as ${v}
        where ${v.vendorId} = ${vendorId} and ${v.createdAt} >= ${firstWeek.toISOString()}::timestamptz
          and ${v.createdAt} <= ${now.toISOString()}::timestamptz
        group by 1`,
  );
  const byWeek = new Map(weekly.map((row) => [Number(row.week), row]));
  const comments = await rows<{
    id: string;
    rating: number;
    comment: string;
    card: string;
    name: string;
    surname: string;
    created_at: unknown;
  }>(
    db,
    sql`select ${v.stampId}::text as id, ${v.rating}, ${v.comment}, ${c.name} as card, ${u.name}, ${u.surname}, ${v.createdAt}
        from ${visitRatings} as ${v} join ${users} as ${u} on ${u.id} = ${v.userId} join ${loyaltyCards} as ${c} on ${c.id} = ${v.cardId}
        where ${v.vendorId} = ${vendorId} and ${v.comment} is not null
        order by ${v.createdAt} desc limit ${RATING_COMMENTS_SHOWN}`,
  );
  return {
    count: totals?.count ?? 0,
    average: round1(totals?.average ?? null),
    distribution: [totals?.s1 ?? 0, totals?.s2 ?? 0, totals?.s3 ?? 0, totals?.s4 ?? 0, totals?.s5 ?? 0],
    trend: Array.from({ length: RATING_TREND_WEEKS }, (_, index) => {
      const row = byWeek.get(index);
      return {
        weekStart: addPakistanDays(firstWeek, 7 * index).toISOString(),
        count: row?.count ?? 0,
        average: row ? round1(Number(row.average)) : null,
      };
    }),
    comments: comments.map((row) => ({
      id: row.id,
      rating: Number(row.rating),
      comment: row.comment,
      cardName: row.card,
      customer: row.surname ? `${row.name} ${row.surname.charAt(0)}.` : row.name,
      createdAt: toIso(row.created_at),
    })),
  };
}
