import { describe, expect, it } from 'vitest';
import { AppError } from '@server/errors';
import { assertCardEditable, transitionCard, type CardState } from './card-transitions';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected the transition to be refused');
}

const card = (status: CardState['status'], moderationReason: string | null = null): CardState => ({
  status,
  moderationReason,
});

describe('card transitions', () => {
  it('activates drafts and paused cards, and pauses active ones', () => {
    expect(transitionCard(card('draft'), 'activate')).toEqual({ kind: 'status', to: 'active', moderation: 'keep' });
    expect(transitionCard(card('paused'), 'activate')).toEqual({ kind: 'status', to: 'active', moderation: 'keep' });
    expect(transitionCard(card('active'), 'pause')).toEqual({ kind: 'status', to: 'paused', moderation: 'keep' });
  });

  it('refuses pausing what is not active and activating what is', () => {
    expect(messageOf(() => transitionCard(card('draft'), 'pause'))).toBe('Only an active card can be paused.');
    expect(messageOf(() => transitionCard(card('paused'), 'pause'))).toBe('Only an active card can be paused.');
    expect(messageOf(() => transitionCard(card('active'), 'activate'))).toBe('This card is already active.');
  });

  it('archives a held card on delete and deletes a card nobody holds', () => {
    for (const status of ['active', 'draft', 'paused'] as const) {
      expect(transitionCard(card(status), 'delete', 3)).toEqual({ kind: 'status', to: 'archived', moderation: 'keep' });
      expect(transitionCard(card(status), 'delete', 0)).toEqual({ kind: 'delete' });
    }
  });

  it('treats an archived card as final', () => {
    expect(messageOf(() => transitionCard(card('archived'), 'activate'))).toBe(
      'This card was deleted and cannot be activated.',
    );
    expect(messageOf(() => transitionCard(card('archived'), 'pause'))).toBe(
      'This card was deleted and cannot be paused.',
    );
    expect(messageOf(() => transitionCard(card('archived'), 'delete', 2))).toBe('This card was already deleted.');
    for (const action of ['admin_pause', 'admin_remove', 'admin_restore'] as const) {
      expect(messageOf(() => transitionCard(card('archived'), action))).toBe('This card was already removed.');
    }
    expect(messageOf(() => assertCardEditable('archived'))).toBe('This card was deleted and cannot be edited.');
    expect(() => assertCardEditable('paused')).not.toThrow();
  });

  it('lets admins pause, remove and restore with the reason the card keeps', () => {
    expect(transitionCard(card('active'), 'admin_pause')).toEqual({ kind: 'status', to: 'paused', moderation: 'set' });
    expect(messageOf(() => transitionCard(card('draft'), 'admin_pause'))).toBe('Only an active card can be paused.');
    for (const status of ['active', 'draft', 'paused'] as const) {
      expect(transitionCard(card(status), 'admin_remove', 0)).toEqual({
        kind: 'status',
        to: 'archived',
        moderation: 'set',
      });
    }
    expect(transitionCard(card('paused', 'Misleading photo.'), 'admin_restore')).toEqual({
      kind: 'status',
      to: 'active',
      moderation: 'clear',
    });
    expect(messageOf(() => transitionCard(card('active'), 'admin_restore'))).toBe(
      'Only a paused card can be restored.',
    );
  });

  it('keeps a card an admin paused from being activated by its vendor', () => {
    expect(messageOf(() => transitionCard(card('paused', 'Misleading photo.'), 'activate'))).toBe(
      'Chaska paused this card: Misleading photo. Please contact support to restore it.',
    );
  });
});
