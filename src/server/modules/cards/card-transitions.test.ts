import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { assertCardEditable, transitionCard } from './card-transitions';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected the transition to be refused');
}

describe('card transitions', () => {
  it('activates drafts and paused cards, and pauses active ones', () => {
    expect(transitionCard('draft', 'activate')).toEqual({ kind: 'status', to: 'active' });
    expect(transitionCard('paused', 'activate')).toEqual({ kind: 'status', to: 'active' });
    expect(transitionCard('active', 'pause')).toEqual({ kind: 'status', to: 'paused' });
  });

  it('refuses pausing what is not active and activating what is', () => {
    expect(messageOf(() => transitionCard('draft', 'pause'))).toBe('Only an active card can be paused.');
    expect(messageOf(() => transitionCard('paused', 'pause'))).toBe('Only an active card can be paused.');
    expect(messageOf(() => transitionCard('active', 'activate'))).toBe('This card is already active.');
  });

  it('archives a held card on delete and deletes a card nobody holds', () => {
    for (const status of ['active', 'draft', 'paused'] as const) {
      expect(transitionCard(status, 'delete', 3)).toEqual({ kind: 'status', to: 'archived' });
      expect(transitionCard(status, 'delete', 0)).toEqual({ kind: 'delete' });
    }
  });

  it('treats an archived card as final', () => {
    expect(messageOf(() => transitionCard('archived', 'activate'))).toBe('This card was deleted and cannot be activated.');
    expect(messageOf(() => transitionCard('archived', 'pause'))).toBe('This card was deleted and cannot be paused.');
    expect(messageOf(() => transitionCard('archived', 'delete', 2))).toBe('This card was already deleted.');
    expect(messageOf(() => assertCardEditable('archived'))).toBe('This card was deleted and cannot be edited.');
    expect(() => assertCardEditable('paused')).not.toThrow();
  });
});
