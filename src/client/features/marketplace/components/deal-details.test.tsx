import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicCard } from '@shared/marketplace/marketplace';
import { renderScreen } from '@client/test/render-screen';
import { DealPrice } from './deal-details';

const HOUR = 3600 * 1000;

function deal(overrides: Partial<PublicCard> = {}): PublicCard {
  return {
    id: 'card-1',
    name: 'Karahi for two',
    description: 'Chicken karahi with two naans.',
    cardType: 'daily_chaska',
    stampsRequired: 1,
    rewardTitle: 'Karahi for two',
    rewardDescription: 'At the deal price.',
    rewardValue: 499,
    dealPrice: 299,
    originalPrice: 499,
    discountPercent: 40,
    stockLeft: 5,
    dealEndsAt: '2026-11-29T23:00:00.000Z',
    dealStartsAt: null,
    membershipFeeYearly: null,
    held: false,
    vendor: {
      slug: 'butt-karahi-house-lahore',
      businessName: 'Butt Karahi House',
      businessCategory: 'restaurant',
      logo: '',
      city: 'Lahore',
      area: 'Lakshmi Chowk',
      isPremium: false,
    },
    partners: [],
    ...overrides,
  };
}

describe("a Daily Chaska deal's price, stock and countdown", () => {
  it('shows the price against the original, the discount, what is left and the time to go', async () => {
    await renderScreen(<DealPrice card={deal()} remainingMs={(23 * 60 + 45) * 60_000 + 12_000} />);
    expect(await screen.findByText('Rs 299')).toBeTruthy();
    expect(screen.getByText('Rs 499')).toBeTruthy();
    expect(screen.getByText('40% off')).toBeTruthy();
    expect(screen.getByText('5 left')).toBeTruthy();
    expect(screen.getByText('23:45:12')).toBeTruthy();
  });

  it('counts a deal of several days in days and hours, never as 90:22:35', async () => {
    await renderScreen(<DealPrice card={deal()} remainingMs={90 * HOUR + 22 * 60_000} />);
    expect(await screen.findByText('3 d 18 h')).toBeTruthy();
    expect(screen.queryByText(/90:22/)).toBeNull();
  });

  it('says sold out at no stock and deal ended at no time left, and hides a discount that is none', async () => {
    await renderScreen(
      <DealPrice card={deal({ stockLeft: 0, originalPrice: 299, discountPercent: null })} remainingMs={0} />,
    );
    expect(await screen.findByText('Sold out')).toBeTruthy();
    expect(screen.getByText('Deal ended')).toBeTruthy();
    expect(screen.getAllByText('Rs 299')).toHaveLength(1);
    expect(screen.queryByText(/off$/)).toBeNull();
  });

  it('reads in Urdu on an Urdu page', async () => {
    await renderScreen(<DealPrice card={deal({ stockLeft: 1 })} remainingMs={2 * 24 * HOUR} />, { language: 'ur' });
    expect(await screen.findByText('1 باقی')).toBeTruthy();
    expect(screen.getByText('2 دن')).toBeTruthy();
    expect(screen.getByText('40% رعایت')).toBeTruthy();
  });
});
