import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liftOf } from '@shared/campaigns/hold-out';
import { renderScreen } from '@client/test/render-screen';
import { LiftSummary } from './hold-out';

const group = (customers: number, returned14: number, returned30: number, visits: number) => ({
  customers,
  returned: { 14: returned14, 30: returned30 },
  visits,
});

describe('what a send brought against its hold-out group (decision 083)', () => {
  it('shows the rates, the lift with its interval, the extra visits and their rupees', async () => {
    const lift = liftOf({
      percent: 40,
      received: group(60, 30, 40, 45),
      heldOut: group(40, 8, 12, 12),
      complete: { 14: true, 30: false },
      averageSpendRupees: 400,
    });
    await renderScreen(<LiftSummary lift={lift} averageSpendRupees={400} />);
    expect(screen.getByText('60 got it, 40 held back (40%)')).toBeTruthy();
    expect(screen.getByText('Came back within 14 days')).toBeTruthy();
    expect(screen.getByText('Came back within 30 days (still counting)')).toBeTruthy();
    expect(screen.getByText('50% of those who got it, 20% of those held back')).toBeTruthy();
    expect(screen.getByText('Lift: +30 percentage points (95% sure it is between +10.8 and +45.5)')).toBeTruthy();
    expect(screen.getByText('27 extra visits in 30 days')).toBeTruthy();
    expect(screen.getByText(/About Rs 10,800 at Rs 400 a visit/)).toBeTruthy();
  });

  it('says "not enough customers yet" and no lift while a group is small, and asks for the spend', async () => {
    const lift = liftOf({
      percent: 10,
      received: group(90, 30, 40, 45),
      heldOut: group(10, 2, 3, 3),
      complete: { 14: true, 30: true },
      averageSpendRupees: null,
    });
    await renderScreen(<LiftSummary lift={lift} averageSpendRupees={null} />);
    expect(screen.getByText(/^Not enough customers yet: each group needs at least 30 customers/)).toBeTruthy();
    expect(screen.queryByText(/^Lift:/)).toBeNull();
    expect(screen.queryByText(/extra visit/)).toBeNull();
    const big = liftOf({
      percent: 10,
      received: group(300, 30, 40, 45),
      heldOut: group(33, 2, 3, 3),
      complete: { 14: true, 30: true },
      averageSpendRupees: null,
    });
    await renderScreen(<LiftSummary lift={big} averageSpendRupees={null} />);
    expect(
      screen.getByText('Enter your average spend per visit to see this in rupees.', { exact: false }),
    ).toBeTruthy();
  });
});
