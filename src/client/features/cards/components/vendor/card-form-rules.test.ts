import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_STAMP_INTERVAL_MINUTES, DEFAULT_STAMPS_REQUIRED } from '@shared/cards/cards';
import type { CardFields, VendorCard } from '@shared/cards/vendor-cards';
import {
  cardFieldsToSave,
  cardFormField,
  defaultsFor,
  earnPreview,
  tierPreview,
  toLocalInput,
} from './card-form-rules';

describe('the card form', () => {
  it('starts a new card with the defaults and the first type the plan allows', () => {
    const values = defaultsFor(null, ['daily_chaska', 'free']);
    expect(values).toMatchObject({
      name: '',
      cardType: 'daily_chaska',
      stampsRequired: DEFAULT_STAMPS_REQUIRED,
      minStampIntervalMinutes: DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
      dealEndsAt: '',
    });
    expect(defaultsFor(null, []).cardType).toBe('free');
  });

  it("edits a card with its own values, an old 'stamp' card shown as a free one", () => {
    const card = { name: 'Chai Card', cardType: 'stamp', stampsRequired: 8, dealEndsAt: null } as unknown as VendorCard;
    expect(defaultsFor(card, ['free'])).toMatchObject({ name: 'Chai Card', cardType: 'free', stampsRequired: 8 });
  });

  it("sends the deal's end as the same instant it showed, whatever the device's zone", () => {
    const endsAt = '2026-03-20T13:45:00.000Z';
    const shown = toLocalInput(endsAt);
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const saved = cardFieldsToSave({ dealEndsAt: shown } as CardFields);
    expect(saved.dealEndsAt).toBe(endsAt);
    expect(cardFieldsToSave({ dealEndsAt: '' } as unknown as CardFields).dealEndsAt).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it("sends an hourly deal's start as the instant it showed, and none for a daily deal", () => {
    const startsAt = '2026-03-20T11:00:00.000Z';
    const card = { cardType: 'daily_chaska', dealStartsAt: startsAt, dealEndsAt: null } as unknown as VendorCard;
    const shown = defaultsFor(card, ['daily_chaska']).dealStartsAt as string;
    expect(cardFieldsToSave({ dealStartsAt: shown } as CardFields).dealStartsAt).toBe(startsAt);
    expect(defaultsFor(null, ['daily_chaska']).dealStartsAt).toBe('');
    expect(cardFieldsToSave({ dealStartsAt: '' } as unknown as CardFields).dealStartsAt).toBeNull();
  });

  it('puts a server error on the field it names', () => {
    expect(cardFormField('card.rewardTitle')).toBe('rewardTitle');
    expect(cardFormField('stampsRequired')).toBe('stampsRequired');
  });

  it('previews a per-visit card with a head start and a milestone before its last reward', () => {
    const lines = earnPreview({
      earnKind: 'visit',
      stampsRequired: 10,
      pointsPer100Pkr: '',
      minBillPkr: 0,
      maxItemsPerVisit: '',
      headStartStamps: 2,
      rewardTitle: 'Free paratha',
      milestones: [{ at: 5, rewardTitle: 'Free chai' }],
    });
    expect(lines.map((line) => [line.key, line.values])).toEqual([
      ['visit', {}],
      ['headStart', { count: 2 }],
      ['milestone', { count: 5, reward: 'Free chai' }],
      ['lastReward', { count: 10, reward: 'Free paratha' }],
    ]);
  });

  it('previews a points card: a Rs 1,000 bill, the minimum bill and each reward’s price', () => {
    const lines = earnPreview({
      earnKind: 'points',
      stampsRequired: 100,
      pointsPer100Pkr: 5,
      minBillPkr: 300,
      maxItemsPerVisit: '',
      headStartStamps: 0,
      rewardTitle: 'Free paratha',
      milestones: [{ at: 50, rewardTitle: 'Free chai' }],
    });
    expect(lines.map((line) => [line.key, line.values])).toEqual([
      ['points', { bill: 1000, count: 50, rate: 5 }],
      ['minBill', { amount: 300 }],
      ['pointsReward', { count: 50, reward: 'Free chai' }],
      ['pointsReward', { count: 100, reward: 'Free paratha' }],
    ]);
    // A rate not typed yet is left out, not guessed.
    expect(
      earnPreview({
        ...{
          earnKind: 'points',
          stampsRequired: '',
          pointsPer100Pkr: Number.NaN,
          minBillPkr: 0,
          maxItemsPerVisit: '',
          headStartStamps: 0,
          rewardTitle: '',
        },
      }),
    ).toEqual([]);
  });
});

describe('tierPreview', () => {
  it('shows what each level gives through the server’s rounding, leaving out a level it cannot read', () => {
    const levels = [
      { name: 'Silver', from: '5', multiplier: '1.25' },
      { name: 'Gold', from: '15', multiplier: '1.5' },
      { name: 'Broken', from: '', multiplier: '9' },
    ];
    expect(tierPreview({ earnKind: 'visit', pointsPer100Pkr: null }, { basis: 'visits', levels })).toEqual([
      {
        reach: 'reachVisits',
        gives: 'givesStamps',
        values: { level: 'Silver', from: 5, multiplier: 1.25, one: 1, four: 5 },
      },
      {
        reach: 'reachVisits',
        gives: 'givesStamps',
        values: { level: 'Gold', from: 15, multiplier: 1.5, one: 1, four: 6 },
      },
    ]);
    // A points card at 10 points per 100 PKR: Rs 1,000 gives 100 points, 125 at Silver.
    expect(
      tierPreview({ earnKind: 'points', pointsPer100Pkr: 10 }, { basis: 'points', levels: levels.slice(0, 1) }),
    ).toEqual([
      {
        reach: 'reachPoints',
        gives: 'givesPoints',
        values: { level: 'Silver', from: 5, multiplier: 1.25, bill: 1000, base: 100, given: 125 },
      },
    ]);
  });
});
