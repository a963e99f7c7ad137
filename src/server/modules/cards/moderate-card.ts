import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import type { AuditActor } from '@server/lib/record-audit';
import { applyCardAction } from '@server/modules/cards/change-card-status';
import type { EmailService } from '@server/modules/notifications/email-service';
import { cardModeratedEmail } from '@server/modules/notifications/templates/vendor-moderation-emails';
import { findVendorOwner } from '@server/modules/vendors/vendor-owner';

interface Deps {
  db: Database;
  email: EmailService;
  config: Config;
}

export type CardModeration =
  { kind: 'pause'; reason: string } | { kind: 'remove'; reason: string } | { kind: 'restore' };

/**
 * An admin pauses or removes (archives) a card with a reason, stored on the card and e-mailed to
 * the vendor's owner; restore brings a paused card back. The card's one state machine decides
 * (cards/change-card-status.ts), so a restore meets the vendor's plan like any activation: its
 * card types and its active-card limit. Customers keep their stamps: an admin never deletes.
 */
export async function moderateCard(
  deps: Deps,
  { cardId, actor, moderation }: { cardId: string; actor: AuditActor; moderation: CardModeration },
  now: Date,
) {
  const { card, vendor } = await applyCardAction(
    deps.db,
    moderation.kind === 'restore'
      ? { by: 'admin', action: 'admin_restore', cardId, actor, now }
      : {
          by: 'admin',
          action: moderation.kind === 'pause' ? 'admin_pause' : 'admin_remove',
          reason: moderation.reason,
          cardId,
          actor,
          now,
        },
  );

  if (moderation.kind !== 'restore') {
    const owner = await findVendorOwner(deps.db, vendor.id);
    if (owner) {
      await deps.email.enqueue({
        type: 'vendor_moderation',
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
  return { id: card.id, status: card.status, moderationReason: card.moderationReason };
}
