import { count, eq } from 'drizzle-orm';
import type { CardStatus } from '@shared/cards/cards';
import type { DeleteCardResult, VendorCard } from '@shared/cards/vendor-cards';
import type { Database, Transaction } from '@server/db/client';
import { loyaltyCards, userCards, vendors } from '@server/db/schema';
import { forbidden, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { CLOSED_VENDOR_MESSAGE, lockOpenVendor, type VendorRow } from '@server/modules/billing/vendor-plan';
import { assertCardMayBeActive } from './card-plan-rules';
import { transitionCard, type AdminCardAction, type CardAction } from './card-transitions';
import { cardHolderStats } from './card-stats';
import { CARD_NOT_FOUND, findVendorCardRow } from './list-vendor-cards';
import { presentVendorCard, type CardRow } from './present-card';
import type { AuditAction } from '@server/lib/audit-actions';
import { applyAfterChange } from '@server/lib/after-change';

export type CardActionInput = {
  cardId: string;
  actor: AuditActor;
  now: Date;
} & (
  | {
      /** The member's vendor: another vendor's card looks like one that does not exist. */
      by: 'vendor';
      vendorId: string;
      action: Exclude<CardAction, AdminCardAction>;
    }
  | { by: 'admin'; action: 'admin_pause' | 'admin_remove'; reason: string }
  | { by: 'admin'; action: 'admin_restore' }
);

export type CardActionResult =
  | { outcome: 'changed'; card: CardRow; vendor: VendorRow; from: CardStatus }
  | { outcome: 'deleted'; card: CardRow; vendor: VendorRow; from: CardStatus };

const CARD_AUDIT_ACTIONS: Record<CardAction, AuditAction> = {
  activate: 'card.activate',
  pause: 'card.pause',
  delete: 'card.delete',
  admin_pause: 'card.admin_pause',
  admin_remove: 'card.admin_remove',
  admin_restore: 'card.admin_restore',
};

/** Vendor actions refuse a closed vendor outright; admins may still pause or remove its cards. */
async function lockVendorFor(tx: Transaction, input: CardActionInput): Promise<VendorRow> {
  if (input.by === 'vendor') return lockOpenVendor(tx, input.vendorId);
  const [card] = await tx
    .select({ vendorId: loyaltyCards.vendorId })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.id, input.cardId))
    .limit(1);
  if (!card) throw notFound(CARD_NOT_FOUND);
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, card.vendorId)).for('update');
  if (!vendor) throw notFound(CARD_NOT_FOUND);
  return vendor;
}

/**
 * The one way a card changes state, for vendors and admins: the state machine decides the move
 * (card-transitions.ts), and every move into active, whoever makes it, is checked against the
 * vendor's plan (its card types and its active-card limit) under the vendor's row lock. Locks go
 * vendor row first, then card row, on every path, so two actions never deadlock.
 */
export async function applyCardAction(db: Database, input: CardActionInput): Promise<CardActionResult> {
  return db.transaction(async (tx) => {
    const vendor = await lockVendorFor(tx, input);
    const current = await findVendorCardRow(tx, vendor.id, input.cardId, { forUpdate: true });
    let holders = 0;
    if (input.action === 'delete') {
      const [held] = await tx.select({ holders: count() }).from(userCards).where(eq(userCards.cardId, current.id));
      holders = Number(held?.holders ?? 0);
    }
    const from = current.status;
    const transition = transitionCard(
      { status: from, moderationReason: current.moderationReason },
      input.action,
      holders,
    );

    let result: CardActionResult;
    if (transition.kind === 'delete') {
      await tx.delete(loyaltyCards).where(eq(loyaltyCards.id, current.id));
      result = { outcome: 'deleted', card: current, vendor, from };
    } else {
      if (transition.to === 'active') {
        if (vendor.closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
        await assertCardMayBeActive(tx, vendor, current);
      }
      const moderationReason =
        transition.moderation === 'set' && 'reason' in input
          ? input.reason
          : transition.moderation === 'clear'
            ? null
            : current.moderationReason;
      const [card] = await tx
        .update(loyaltyCards)
        .set({ status: transition.to, moderationReason, updatedAt: input.now })
        .where(eq(loyaltyCards.id, current.id))
        .returning();
      result = { outcome: 'changed', card: card!, vendor, from };
    }

    const archivedByVendor = input.action === 'delete' && transition.kind === 'status';
    await recordAudit(tx, {
      actor: input.actor,
      action: archivedByVendor ? 'card.archive' : CARD_AUDIT_ACTIONS[input.action],
      targetType: 'loyalty_card',
      targetId: current.id,
      vendorId: vendor.id,
      metadata: {
        name: current.name,
        from,
        ...(transition.kind === 'status' ? { to: transition.to } : {}),
        ...(input.action === 'delete' ? { holders } : {}),
        ...(input.by === 'admin' ? { businessName: vendor.businessName } : {}),
        ...('reason' in input ? { reason: input.reason } : {}),
      },
    });
    await applyAfterChange(tx, 'card.changed', {
      card: result.card,
      change: result.outcome === 'deleted' ? 'deleted' : 'status_changed',
      changedFields: [],
      now: input.now,
    });
    return result;
  });
}

/** The vendor's Activate and Pause buttons. */
export async function changeCardStatus(
  db: Database,
  {
    vendorId,
    actor,
    cardId,
    action,
  }: { vendorId: string; actor: AuditActor; cardId: string; action: 'activate' | 'pause' },
  now: Date,
): Promise<VendorCard> {
  const { card } = await applyCardAction(db, { by: 'vendor', vendorId, actor, cardId, action, now });
  const stats = await cardHolderStats(db, [card.id]);
  return presentVendorCard(card, stats.get(card.id));
}

/** A card customers hold is archived (hidden everywhere, kept with its history); otherwise it is deleted. */
export async function deleteVendorCard(
  db: Database,
  { vendorId, actor, cardId }: { vendorId: string; actor: AuditActor; cardId: string },
  now: Date,
): Promise<DeleteCardResult> {
  const { outcome } = await applyCardAction(db, { by: 'vendor', vendorId, actor, cardId, action: 'delete', now });
  return { outcome: outcome === 'deleted' ? 'deleted' : 'archived' };
}
