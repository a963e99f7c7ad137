import { eq } from 'drizzle-orm';
import type { CreateDailyChaskaInput } from '@shared/platform/admin-dashboard';
import { DAILY_CHASKA_STAMPS_REQUIRED } from '@shared/cards/cards';
import type { Database } from '@server/db/client';
import { loyaltyCards, vendors } from '@server/db/schema';
import { conflict, invalidFields, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { enqueueJob } from '@server/lib/job-queue';
import { enqueuePushAnnouncement } from '@server/modules/notifications/push-announcement-job';
import { textAnnouncementJob } from '@server/modules/notifications/text-notice-job';
import { enqueueDailyChaskaAnnouncement } from './announce-daily-chaska';

/**
 * An admin's Daily Chaska card for an approved vendor: card_type daily_chaska, status active,
 * stamps_required 1 (SPEC.md section 4). It is the platform's placement, so the vendor's plan
 * limit is not checked. The reward value is the saving, original price minus deal price.
 */
export async function createDailyChaska(db: Database, input: CreateDailyChaskaInput, actor: AuditActor, now: Date) {
  const endsAt = new Date(input.endsAt);
  if (endsAt.getTime() <= now.getTime())
    throw invalidFields('endsAt: The deal must end in the future.', { endsAt: 'The deal must end in the future.' });
  return db.transaction(async (tx) => {
    // Locked so a suspension or closure cannot slip in between the check and the insert.
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, input.vendorId)).for('update');
    if (!vendor) throw notFound('Vendor not found.');
    if (vendor.status !== 'approved' || vendor.closedAt) {
      throw conflict(
        `${vendor.businessName} is not an approved vendor, so it cannot get a Daily Chaska card.`,
        'vendor_not_approved',
      );
    }
    const [card] = await tx
      .insert(loyaltyCards)
      .values({
        vendorId: vendor.id,
        name: input.name,
        cardType: 'daily_chaska',
        status: 'active',
        stampsRequired: DAILY_CHASKA_STAMPS_REQUIRED,
        rewardTitle: input.rewardTitle,
        rewardValue: input.originalPrice - input.dealPrice,
        dealPrice: input.dealPrice,
        originalPrice: input.originalPrice,
        stockLeft: input.stock,
        dealEndsAt: endsAt,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'card.daily_chaska_create',
      targetType: 'loyalty_card',
      targetId: card!.id,
      vendorId: vendor.id,
      metadata: {
        name: card!.name,
        businessName: vendor.businessName,
        dealPrice: input.dealPrice,
        originalPrice: input.originalPrice,
        stock: input.stock,
      },
    });
    // Its push, its WhatsApp and SMS (decision 081) and its e-mails to everyone who wants Daily
    // Chaska news, sent by the job runner (decision 043), so the answer never waits for the audience.
    const notice = {
      type: 'daily_chaska',
      dealTitle: card!.name,
      vendorName: vendor.businessName,
      city: vendor.city,
      dealPrice: input.dealPrice,
      originalPrice: input.originalPrice,
    } as const;
    const key = `daily-chaska:${card!.id}`;
    await enqueuePushAnnouncement(tx, { type: 'daily_chaska', notice, key }, now);
    await enqueueJob(tx, textAnnouncementJob({ vendorId: vendor.id, notice, key }, now));
    await enqueueDailyChaskaAnnouncement(
      tx,
      {
        cardId: card!.id,
        dealTitle: card!.name,
        vendorName: vendor.businessName,
        city: vendor.city,
        dealPrice: input.dealPrice,
        originalPrice: input.originalPrice,
        endsAt: endsAt.toISOString(),
      },
      now,
    );
    return {
      id: card!.id,
      name: card!.name,
      vendorName: vendor.businessName,
      cardType: card!.cardType,
      status: card!.status,
      stampsRequired: card!.stampsRequired,
      dealEndsAt: card!.dealEndsAt?.toISOString() ?? null,
    };
  });
}
