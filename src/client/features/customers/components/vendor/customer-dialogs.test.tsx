import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The vendor area's screens bring their namespace with their chunk; the dialog alone does not.
import '@client/lib/vendor-texts';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { CustomerDetailDialog } from './customer-dialogs';

const DETAIL = 'GET /api/vendor/customers/u1';

const card = {
  userCardId: 'uc1',
  cardId: 'c1',
  name: 'Chai Card',
  cardType: 'free',
  cardStatus: 'active',
  earnKind: 'visit',
  stampsCollected: 4,
  stampsRequired: 10,
  status: 'active',
  joinedAt: '2026-03-01T05:00:00.000Z',
  lastStampAt: null,
};

function detailWith(cards: unknown[]) {
  return {
    userId: 'u1',
    name: 'Ayesha Khan',
    email: 'ayesha@example.com',
    phone: null,
    city: null,
    joinedAt: '2026-03-01T05:00:00.000Z',
    cards,
    stamps: [],
    rewards: [],
  };
}

describe("the vendor's customer detail: the customer's level (decision 087)", () => {
  it('shows the level and the visits behind it on a tiered card, and nothing on a card without tiers', async () => {
    answerCalls({
      [DETAIL]: {
        body: detailWith([
          { ...card, tier: { level: 1, name: 'Silver', multiplier: 1.25, basis: 'visits', count: 6 } },
          { ...card, userCardId: 'uc2', cardId: 'c2', name: 'Naan Card', tier: null },
        ]),
      },
    });
    await renderScreen(<CustomerDetailDialog userId="u1" onOpenChange={() => {}} />);
    expect(await screen.findByText('Level: Silver (1.25×) · 6 visits in the last 90 days')).toBeTruthy();
    expect(screen.getAllByText(/Level:|No level yet/)).toHaveLength(1);
  });

  it('says "No level yet" below the first level, in points on a points-based tier', async () => {
    answerCalls({
      [DETAIL]: {
        body: detailWith([{ ...card, tier: { level: 0, name: null, multiplier: 1, basis: 'points', count: 1 } }]),
      },
    });
    await renderScreen(<CustomerDetailDialog userId="u1" onOpenChange={() => {}} />);
    expect(await screen.findByText('No level yet · 1 point in the last 90 days')).toBeTruthy();
  });

  it("reads a points card's progress in points, a stamp card's in stamps", async () => {
    answerCalls({
      [DETAIL]: {
        body: detailWith([
          { ...card, tier: null },
          {
            ...card,
            userCardId: 'uc2',
            cardId: 'c2',
            name: 'Karahi Points',
            earnKind: 'points',
            stampsCollected: 120,
            stampsRequired: 500,
            tier: null,
          },
        ]),
      },
    });
    await renderScreen(<CustomerDetailDialog userId="u1" onOpenChange={() => {}} />);
    expect(await screen.findByText(/120 of 500 points/)).toBeTruthy();
    expect(screen.getByText(/4 of 10 stamps/)).toBeTruthy();
  });
});
