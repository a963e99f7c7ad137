import type { CardStatus } from '../../../shared/cards';
import { conflict } from '../../errors';

/** What a vendor can do to a card's status. */
export type CardAction = 'activate' | 'pause' | 'delete';

export type CardTransition =
  | { kind: 'status'; to: CardStatus }
  /** Removed for good: nobody holds it, so no history is lost. */
  | { kind: 'delete' };

const ACTION_VERB: Record<CardAction, string> = { activate: 'activated', pause: 'paused', delete: 'deleted' };

/**
 * The card state machine, in one place (SPEC.md section 4 plus PRODUCT.md section 2):
 * draft → active (activate), paused → active (activate), active → paused (pause);
 * delete from any visible state archives a card customers hold (kept with its history, hidden
 * everywhere) and deletes one nobody holds. Archived cards take no further action.
 */
export function transitionCard(current: CardStatus, action: CardAction, holders = 0): CardTransition {
  if (current === 'archived') {
    throw conflict(
      action === 'delete' ? 'This card was already deleted.' : `This card was deleted and cannot be ${ACTION_VERB[action]}.`,
      'invalid_card_transition',
    );
  }
  switch (action) {
    case 'activate':
      if (current === 'active') throw conflict('This card is already active.', 'invalid_card_transition');
      return { kind: 'status', to: 'active' };
    case 'pause':
      if (current !== 'active') throw conflict('Only an active card can be paused.', 'invalid_card_transition');
      return { kind: 'status', to: 'paused' };
    case 'delete':
      return holders > 0 ? { kind: 'status', to: 'archived' } : { kind: 'delete' };
  }
}

/** Editing changes the card's fields, never its status; a deleted (archived) card is read-only. */
export function assertCardEditable(current: CardStatus): void {
  if (current === 'archived') throw conflict('This card was deleted and cannot be edited.', 'invalid_card_transition');
}
