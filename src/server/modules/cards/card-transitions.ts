import type { CardStatus } from '@shared/cards/cards';
import { conflict } from '@server/errors';
import type { ErrorCode } from '@shared/api-error';

/** What a vendor's owner can do to a card's status. */
export type VendorCardAction = 'activate' | 'pause' | 'delete';
/** What the platform's admins can do to any card: moderation, with a reason except to restore. */
export type AdminCardAction = 'admin_pause' | 'admin_remove' | 'admin_restore';
export type CardAction = VendorCardAction | AdminCardAction;

export type CardTransition =
  | {
      kind: 'status';
      to: CardStatus;
      /** The admin's reason on the card: set by moderation, cleared by restore, otherwise kept. */
      moderation: 'set' | 'clear' | 'keep';
    }
  /** Removed for good: nobody holds it, so no history is lost. */
  | { kind: 'delete' };

export interface CardState {
  status: CardStatus;
  moderationReason: string | null;
}

const VENDOR_VERB: Record<VendorCardAction, string> = { activate: 'activated', pause: 'paused', delete: 'deleted' };

function refuse(message: string, code: ErrorCode = 'invalid_card_transition') {
  return conflict(message, code);
}

/**
 * The card state machine, in one place, for vendors and admins alike (SPEC.md section 4 plus
 * PRODUCT.md section 2):
 * - vendor: draft → active and paused → active (activate, unless an admin paused it), active →
 *   paused (pause); delete from any visible state archives a card customers hold (kept with its
 *   history, hidden everywhere) and deletes one nobody holds;
 * - admin: active → paused (admin_pause) and any visible state → archived (admin_remove), both
 *   with a reason the card keeps; paused → active (admin_restore) clears it.
 * Archived cards take no further action. Whatever the path, entering active is checked against
 * the plan by the caller (change-card-status.ts), under the vendor's row lock.
 */
export function transitionCard(card: CardState, action: CardAction, holders = 0): CardTransition {
  const { status } = card;
  if (status === 'archived') {
    if (action === 'admin_pause' || action === 'admin_remove' || action === 'admin_restore')
      throw refuse('This card was already removed.');
    throw refuse(
      action === 'delete'
        ? 'This card was already deleted.'
        : `This card was deleted and cannot be ${VENDOR_VERB[action]}.`,
    );
  }
  switch (action) {
    case 'activate':
      if (status === 'active') throw refuse('This card is already active.');
      if (card.moderationReason) {
        // An admin paused it for a reason; only the platform may restore it.
        throw refuse(
          `Chaska paused this card: ${card.moderationReason} Please contact support to restore it.`,
          'card_moderated',
        );
      }
      return { kind: 'status', to: 'active', moderation: 'keep' };
    case 'pause':
      if (status !== 'active') throw refuse('Only an active card can be paused.');
      return { kind: 'status', to: 'paused', moderation: 'keep' };
    case 'delete':
      return holders > 0 ? { kind: 'status', to: 'archived', moderation: 'keep' } : { kind: 'delete' };
    case 'admin_pause':
      if (status !== 'active') throw refuse('Only an active card can be paused.');
      return { kind: 'status', to: 'paused', moderation: 'set' };
    case 'admin_remove':
      // Customers keep their stamps: an admin archives, never deletes.
      return { kind: 'status', to: 'archived', moderation: 'set' };
    case 'admin_restore':
      if (status !== 'paused') throw refuse('Only a paused card can be restored.');
      return { kind: 'status', to: 'active', moderation: 'clear' };
  }
}

/** Editing changes the card's fields, never its status; a deleted (archived) card is read-only. */
export function assertCardEditable(current: CardStatus): void {
  if (current === 'archived') throw conflict('This card was deleted and cannot be edited.', 'invalid_card_transition');
}
