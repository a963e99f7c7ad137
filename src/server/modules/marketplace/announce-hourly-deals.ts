import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { formatPKR } from '@shared/number-format';
import { formatLongDateTime } from '@shared/pakistan-time';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { loyaltyCards, vendors } from '@server/db/schema';
import { enqueueJob } from '@server/lib/job-queue';
import { announceToSubscribers } from '@server/modules/notifications/announce-to-subscribers';
import { textAnnouncementJob } from '@server/modules/notifications/text-notice-job';
import type { EmailService } from '@server/modules/notifications/email-service';
import { dailyChaskaEmail } from '@server/modules/notifications/templates/daily-chaska-email';
import { isPublicCard } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';

/** Deals claimed per pass; the rest wait for the next pass a few seconds later. */
const DEALS_PER_PASS = 20;

export interface AnnouncedHourlyDeal {
  cardId: string;
  recipients: number;
}

/**
 * Announces Hourly Chaska deals that have started (decision 033) to the customers who turned on
 * hourly_chaska, through the outbox. Run by the hourly-deal job at the app's clock; a deal that
 * starts later is announced by the first pass after its start, not when it is created.
 *
 * Once, never twice: a deal is claimed by setting deal_announced_at in one UPDATE that only
 * matches unannounced rows (locked with SKIP LOCKED, so two servers or two passes at once split
 * the deals between them), and only the pass whose UPDATE returned the row sends its e-mails. A
 * pass that dies halfway leaves that deal's remaining e-mails unsent rather than sending any twice.
 * Only a deal the public can see is announced (approved vendor, active card, on, with stock).
 */
export async function announceStartedHourlyDeals(
  deps: { db: Database; email: EmailService; config: Config },
  now: Date,
): Promise<AnnouncedHourlyDeal[]> {
  const due = and(
    isNotNull(loyaltyCards.dealStartsAt),
    isNull(loyaltyCards.dealAnnouncedAt),
    lte(loyaltyCards.dealStartsAt, now),
  );
  const claimed = await deps.db
    .update(loyaltyCards)
    .set({ dealAnnouncedAt: now })
    .where(
      and(
        due,
        inArray(
          loyaltyCards.id,
          deps.db
            .select({ id: loyaltyCards.id })
            .from(loyaltyCards)
            .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
            .where(and(due, isPublicCard(now), isPublicVendor()))
            .orderBy(loyaltyCards.dealStartsAt)
            .limit(DEALS_PER_PASS)
            .for('update', { of: loyaltyCards, skipLocked: true }),
        ),
      ),
    )
    .returning({ id: loyaltyCards.id });
  if (claimed.length === 0) return [];

  const deals = await deps.db
    .select({
      id: loyaltyCards.id,
      vendorId: loyaltyCards.vendorId,
      name: loyaltyCards.name,
      dealPrice: loyaltyCards.dealPrice,
      originalPrice: loyaltyCards.originalPrice,
      dealEndsAt: loyaltyCards.dealEndsAt,
      vendorName: vendors.businessName,
      city: vendors.city,
    })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(
      inArray(
        loyaltyCards.id,
        claimed.map((card) => card.id),
      ),
    )
    .orderBy(sql`${loyaltyCards.dealStartsAt} asc`);

  const announced: AnnouncedHourlyDeal[] = [];
  for (const deal of deals) {
    // Its WhatsApp and SMS first (decision 081): a job keyed by the deal, so a pass that dies
    // after it and before its e-mails never writes it twice.
    await enqueueJob(
      deps.db,
      textAnnouncementJob(
        {
          vendorId: deal.vendorId,
          key: `hourly-chaska:${deal.id}`,
          notice: {
            type: 'hourly_chaska',
            cardId: deal.id,
            dealTitle: deal.name,
            vendorName: deal.vendorName,
            city: deal.city,
            dealPrice: deal.dealPrice,
            originalPrice: deal.originalPrice,
            endsAt: deal.dealEndsAt?.toISOString() ?? null,
          },
        },
        now,
      ),
    );
    const recipients = await announceToSubscribers(deps, 'hourly_chaska', (subscriber, context) =>
      dailyChaskaEmail({
        hourly: true,
        name: subscriber.name || 'there',
        vendorName: deal.vendorName,
        city: deal.city,
        dealTitle: deal.name,
        dealPrice: deal.dealPrice === null ? undefined : formatPKR(deal.dealPrice),
        originalPrice: deal.originalPrice === null ? undefined : formatPKR(deal.originalPrice),
        endsAt: deal.dealEndsAt ? formatLongDateTime(deal.dealEndsAt) : undefined,
        dealUrl: `${deps.config.publicUrl}/daily-chaska`,
        unsubscribeUrl: context.unsubscribeUrl,
      }),
    );
    announced.push({ cardId: deal.id, recipients });
  }
  return announced;
}
