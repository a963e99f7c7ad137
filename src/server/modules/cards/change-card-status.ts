import { count, eq } from 'drizzle-orm';
import type { CardStatus } from '../../../shared/cards';
import type { DeleteCardResult, VendorCard } from '../../../shared/vendor-cards';
import type { Database } from '../../db/client';
import { loyaltyCards, userCards } from '../../db/schema';
import { conflict } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { lockOpenVendor } from '../vendors/vendor-plan';
import { assertActiveCardAllowed } from './card-limit';
import { transitionCard } from './card-transitions';
import { cardHolderStats } from './card-stats';
import { findVendorCardRow } from './list-vendor-cards';
import { presentVendorCard } from './present-card';

/** Activate or pause, through the one state machine; activation is checked against the plan under the vendor lock. */
export async function changeCardStatus(
  db: Database,
  vendorId: string,
  actor: AuditActor,
  cardId: string,
  action: 'activate' | 'pause',
  now: Date,
): Promise<VendorCard> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    const current = await findVendorCardRow(tx, vendorId, cardId, { forUpdate: true });
    const transition = transitionCard(current.status as CardStatus, action);
    if (transition.kind !== 'status') throw new Error('activate and pause always change the status');
    if (transition.to === 'active' && current.moderationReason) {
      // An admin paused it for a reason; only the platform may restore it.
      throw conflict(`Chaska paused this card: ${current.moderationReason} Please contact support to restore it.`, 'card_moderated');
    }
    if (transition.to === 'active') await assertActiveCardAllowed(tx, vendor);
    const [card] = await tx
      .update(loyaltyCards)
      .set({ status: transition.to, updatedAt: now })
      .where(eq(loyaltyCards.id, current.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: `card.${action}`,
      targetType: 'loyalty_card',
      targetId: card!.id,
      vendorId,
      metadata: { name: card!.name, from: current.status, to: card!.status },
    });
    const stats = await cardHolderStats(tx, vendorId, [card!.id]);
    return presentVendorCard(card!, stats.get(card!.id));
  });
}

/** A card customers hold is archived (hidden everywhere, kept with its history); otherwise it is deleted. */
export async function deleteVendorCard(db: Database, vendorId: string, actor: AuditActor, cardId: string, now: Date): Promise<DeleteCardResult> {
  return db.transaction(async (tx) => {
    await lockOpenVendor(tx, vendorId);
    const current = await findVendorCardRow(tx, vendorId, cardId, { forUpdate: true });
    const [held] = await tx.select({ holders: count() }).from(userCards).where(eq(userCards.cardId, current.id));
    const holders = Number(held?.holders ?? 0);
    const transition = transitionCard(current.status as CardStatus, 'delete', holders);
    if (transition.kind === 'delete') {
      await tx.delete(loyaltyCards).where(eq(loyaltyCards.id, current.id));
    } else {
      await tx.update(loyaltyCards).set({ status: transition.to, updatedAt: now }).where(eq(loyaltyCards.id, current.id));
    }
    const outcome = transition.kind === 'delete' ? 'deleted' : 'archived';
    await recordAudit(tx, {
      actor,
      action: outcome === 'deleted' ? 'card.delete' : 'card.archive',
      targetType: 'loyalty_card',
      targetId: current.id,
      vendorId,
      metadata: { name: current.name, from: current.status, holders },
    });
    return { outcome };
  });
}
