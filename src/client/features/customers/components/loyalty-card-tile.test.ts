import { describe, expect, it } from 'vitest';
import type { DashboardCard } from '@shared/customers/customer';
import { cardNextStep, nextMilestone, pointsMenu, progressPercent } from './loyalty-card-tile';

const card = (overrides: Partial<DashboardCard> = {}): DashboardCard => ({
  id: 'user-card',
  cardId: 'card',
  name: 'Chai Card',
  description: '',
  cardType: 'free',
  cardStatus: 'active',
  rewardTitle: 'Free Chai',
  rewardValue: 150,
  stampsCollected: 2,
  stampsRequired: 5,
  status: 'active',
  isSample: false,
  startedAt: '2026-03-01T10:00:00.000Z',
  completedAt: null,
  lastStampAt: '2026-03-11T07:00:00.000Z',
  nextStampAt: '2026-03-11T08:00:00.000Z',
  rewardId: null,
  rewardExpiresAt: null,
  reversedStamps: 0,
  lastReversedAt: null,
  vendor: { id: 'vendor', name: 'Chai Khana', logo: '☕', slug: 'chai-khana', city: 'Lahore' },
  partners: [],
  earnKind: 'visit',
  headStartStamps: 0,
  milestones: [],
  waitingRewards: [],
  heldPoints: 0,
  tier: null,
  ...overrides,
});

describe('a customer card tile', () => {
  it('caps the bar at 100%', () => {
    expect(progressPercent(2, 5)).toBe(40);
    expect(progressPercent(7, 5)).toBe(100);
  });

  it('counts the stamps to go and when the next one can come', () => {
    expect(cardNextStep(card())).toEqual({ kind: 'collect', remaining: 3, nextStampAt: '2026-03-11T08:00:00.000Z' });
    expect(cardNextStep(card({ stampsCollected: 4, nextStampAt: null }))).toEqual({
      kind: 'collect',
      remaining: 1,
      nextStampAt: null,
    });
  });

  it('says a paused card is paused instead of counting down to a stamp that cannot come', () => {
    expect(cardNextStep(card({ cardStatus: 'paused' }))).toEqual({ kind: 'paused' });
  });

  it('still offers a reward already earned on a paused card', () => {
    expect(cardNextStep(card({ cardStatus: 'paused', status: 'completed', rewardId: 'reward' }))).toEqual({
      kind: 'redeem',
      rewardId: 'reward',
    });
  });

  it('names the next earlier reward of a stamp card, none past the last one', () => {
    const chai = { at: 3, rewardTitle: 'Free chai', rewardValue: 100 };
    expect(nextMilestone(card({ milestones: [chai] }))).toEqual(chai);
    expect(nextMilestone(card({ milestones: [chai], stampsCollected: 3 }))).toBeNull();
  });

  it('prices a points card’s menu against the points free to spend', () => {
    const menu = pointsMenu(
      card({
        earnKind: 'points',
        stampsCollected: 120,
        heldPoints: 50,
        stampsRequired: 100,
        rewardTitle: 'Free paratha',
        milestones: [{ at: 50, rewardTitle: 'Free chai', rewardValue: 100 }],
      }),
    );
    expect(menu).toEqual([
      { at: 50, rewardTitle: 'Free chai', short: 0 },
      { at: 100, rewardTitle: 'Free paratha', short: 30 },
    ]);
    expect(pointsMenu(card())).toEqual([]);
  });
});
