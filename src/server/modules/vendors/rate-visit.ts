import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { VisitsToRate } from '@shared/vendors/feedback';
import type { Executor } from '@server/db/client';
import { loyaltyCards, stamps, vendors, visitRatings } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { rateBefore, ratingRefusal, type RatingRefusal } from './rating-rules';
import { RATING_WINDOW_HOURS } from '@shared/vendors/feedback';

const REFUSALS: Record<RatingRefusal, () => Error> = {
  not_found: () => notFound(serverText('customer:rating.notFound'), 'visit_not_found'),
  bonus_not_visit: () => conflict(serverText('customer:rating.bonusNotVisit'), 'not_a_visit'),
  too_late: () => conflict(serverText('customer:rating.tooLate'), 'rating_closed'),
};

/** The customer rates one visit: 1 to 5 and an optional comment, once, within the window. */
export async function rateVisit(
  db: Executor,
  input: { customerUserId: string; stampId: string; rating: number; comment?: string | undefined; now: Date },
) {
  const [stamp] = await db
    .select({
      userId: stamps.userId,
      kind: stamps.kind,
      issuedAt: stamps.issuedAt,
      vendorId: stamps.vendorId,
      cardId: stamps.cardId,
      vendorName: vendors.businessName,
    })
    .from(stamps)
    .innerJoin(vendors, eq(vendors.id, stamps.vendorId))
    .where(eq(stamps.id, input.stampId))
    .limit(1);
  const refusal = ratingRefusal(stamp ? { ...stamp, kind: stamp.kind } : null, input.customerUserId, input.now);
  if (refusal || !stamp) throw REFUSALS[refusal ?? 'not_found']();
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  const [row] = await db
    .insert(visitRatings)
    .values({
      stampId: input.stampId,
      vendorId: stamp.vendorId,
      cardId: stamp.cardId,
      userId: input.customerUserId,
      rating: input.rating,
      comment,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(serverText('customer:rating.already'), 'already_rated');
  return {
    stampId: row.stampId,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    message: serverText('customer:rating.thanks', { vendor: stamp.vendorName }),
  };
}

/** The customer's visits of the last 24 hours not rated yet, newest first. */
export async function listVisitsToRate(db: Executor, customerUserId: string, now: Date): Promise<VisitsToRate> {
  const since = new Date(now.getTime() - RATING_WINDOW_HOURS * 60 * 60 * 1000);
  const found = await db
    .select({
      stampId: stamps.id,
      issuedAt: stamps.issuedAt,
      cardName: loyaltyCards.name,
      vendorName: vendors.businessName,
    })
    .from(stamps)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
    .innerJoin(vendors, eq(vendors.id, stamps.vendorId))
    .leftJoin(visitRatings, eq(visitRatings.stampId, stamps.id))
    .where(
      and(
        eq(stamps.userId, customerUserId),
        eq(stamps.kind, 'visit'),
        gte(stamps.issuedAt, since),
        sql`${stamps.issuedAt} <= ${now.toISOString()}::timestamptz`,
        isNull(visitRatings.stampId),
      ),
    )
    .orderBy(desc(stamps.issuedAt))
    .limit(5);
  return {
    visits: found.map((visit) => ({
      stampId: visit.stampId,
      cardName: visit.cardName,
      vendorName: visit.vendorName,
      issuedAt: visit.issuedAt.toISOString(),
      rateBefore: rateBefore(visit.issuedAt).toISOString(),
    })),
  };
}
