import { eq } from 'drizzle-orm';
import type { CardStatus } from '../../../shared/cards';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { loyaltyCards, vendors } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import type { EmailService } from '../notifications/email-service';
import { cardModeratedEmail } from '../notifications/templates/vendor-moderation-emails';
import { findVendorOwner } from './find-vendor-owner';

interface Deps {
  db: Database;
  email: EmailService;
  config: Config;
}

export type CardModeration = { kind: 'pause'; reason: string } | { kind: 'remove'; reason: string } | { kind: 'restore' };

/**
 * An admin pauses or removes (archives) a card with a reason, stored on the card and e-mailed to
 * the vendor's owner; restore brings a paused card back. Customers keep their stamps either way:
 * a removed card is archived, never deleted, by an admin.
 */
export async function moderateCard(deps: Deps, cardId: string, moderation: CardModeration, actor: AuditActor, now: Date) {
  const { card, vendor } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(loyaltyCards).where(eq(loyaltyCards.id, cardId)).for('update');
    if (!current) throw notFound('Loyalty card not found');
    if (current.status === 'archived') throw conflict('This card was already removed.', 'invalid_card_transition');
    if (moderation.kind === 'pause' && current.status !== 'active') throw conflict('Only an active card can be paused.', 'invalid_card_transition');
    if (moderation.kind === 'restore' && current.status !== 'paused') throw conflict('Only a paused card can be restored.', 'invalid_card_transition');
    const status = moderation.kind === 'pause' ? 'paused' : moderation.kind === 'remove' ? 'archived' : 'active';
    const [updated] = await tx
      .update(loyaltyCards)
      .set({ status, moderationReason: moderation.kind === 'restore' ? null : moderation.reason, updatedAt: now })
      .where(eq(loyaltyCards.id, cardId))
      .returning();
    const [owner] = await tx.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.id, current.vendorId));
    await recordAudit(tx, {
      actor,
      action: `card.admin_${moderation.kind}`,
      targetType: 'loyalty_card',
      targetId: cardId,
      vendorId: current.vendorId,
      metadata: { name: current.name, businessName: owner?.businessName, from: current.status, ...(moderation.kind === 'restore' ? {} : { reason: moderation.reason }) },
    });
    return { card: updated!, vendor: { id: current.vendorId, businessName: owner?.businessName ?? '' } };
  });

  if (moderation.kind !== 'restore') {
    const owner = await findVendorOwner(deps.db, vendor.id);
    if (owner) {
      await deps.email.send({
        type: 'security',
        to: owner.email,
        userId: owner.id,
        render: () =>
          cardModeratedEmail({
            ownerName: owner.name,
            businessName: vendor.businessName,
            cardName: card.name,
            outcome: moderation.kind === 'pause' ? 'paused' : 'removed',
            reason: moderation.reason,
            cardsUrl: `${deps.config.publicUrl}/vendor/cards`,
          }),
      });
    }
  }
  return { id: card.id, status: card.status as CardStatus, moderationReason: card.moderationReason };
}
