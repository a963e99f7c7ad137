import { eq } from 'drizzle-orm';
import type { CardStatus } from '@shared/cards';
import type { CardFields, VendorCard } from '@shared/vendor-cards';
import type { Database } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { recordAudit, type AuditActor } from '@server/modules/audit/record-audit';
import { lockOpenVendor } from '@server/modules/vendor-plan/vendor-plan';
import { assertCardMayBeActive, assertCardTypeAllowed } from './card-plan-rules';
import { assertCardEditable } from './card-transitions';
import { cardHolderStats } from './card-stats';
import { findVendorCardRow } from './list-vendor-cards';
import { presentVendorCard } from './present-card';
import { cardUpdatedEvent, emitWebhookEvent } from '@server/modules/webhook-events/emit-webhook-event';

/** Deal fields belong to Daily Chaska cards and the fee to exclusive cards; other types store none. */
function columnsFor(card: CardFields) {
  const isDeal = card.cardType === 'daily_chaska';
  return {
    name: card.name,
    description: card.description,
    cardType: card.cardType,
    stampsRequired: card.stampsRequired,
    rewardTitle: card.rewardTitle,
    rewardDescription: card.rewardDescription,
    rewardValue: card.rewardValue,
    minStampIntervalMinutes: card.minStampIntervalMinutes,
    dealPrice: isDeal ? card.dealPrice : null,
    originalPrice: isDeal ? card.originalPrice : null,
    stockLeft: isDeal ? card.stockLeft : null,
    dealEndsAt: isDeal && card.dealEndsAt ? new Date(card.dealEndsAt) : null,
    membershipFeeYearly: card.cardType === 'exclusive' ? card.membershipFeeYearly : null,
  };
}

export async function createVendorCard(
  db: Database,
  vendorId: string,
  actor: AuditActor,
  input: { card: CardFields; saveAs: 'active' | 'draft' },
  now: Date,
): Promise<VendorCard> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    // The plan decides the card's type even for a draft, and its limit for an active card.
    if (input.saveAs === 'active') await assertCardMayBeActive(tx, vendor, input.card.cardType);
    else assertCardTypeAllowed(vendor, input.card.cardType);
    const [card] = await tx
      .insert(loyaltyCards)
      .values({ vendorId, ...columnsFor(input.card), status: input.saveAs, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'card.create',
      targetType: 'loyalty_card',
      targetId: card!.id,
      vendorId,
      metadata: { name: card!.name, status: card!.status, cardType: card!.cardType },
    });
    await emitWebhookEvent(tx, cardUpdatedEvent(card!, 'created', now));
    return presentVendorCard(card!);
  });
}

export async function updateVendorCard(
  db: Database,
  vendorId: string,
  actor: AuditActor,
  cardId: string,
  fields: CardFields,
  now: Date,
): Promise<VendorCard> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    const current = await findVendorCardRow(tx, vendorId, cardId, { forUpdate: true });
    assertCardEditable(current.status as CardStatus);
    // Changing to a type the plan does not include is refused; a card paused when the plan lost
    // its type may still be edited, and stays paused until the plan allows it again.
    if (fields.cardType !== current.cardType || current.status === 'active')
      assertCardTypeAllowed(vendor, fields.cardType);
    const [card] = await tx
      .update(loyaltyCards)
      .set({ ...columnsFor(fields), updatedAt: now })
      .where(eq(loyaltyCards.id, current.id))
      .returning();
    const changed = Object.entries(columnsFor(fields))
      .filter(([key, value]) => String(current[key as keyof typeof current] ?? '') !== String(value ?? ''))
      .map(([key]) => key);
    await recordAudit(tx, {
      actor,
      action: 'card.update',
      targetType: 'loyalty_card',
      targetId: card!.id,
      vendorId,
      metadata: { name: card!.name, changed },
    });
    await emitWebhookEvent(tx, cardUpdatedEvent(card!, 'edited', now));
    const stats = await cardHolderStats(tx, vendorId, [card!.id]);
    return presentVendorCard(card!, stats.get(card!.id));
  });
}
