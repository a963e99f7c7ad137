import { describe, expect, it } from 'vitest';
import {
  campaignAllowed,
  phoneEstimate,
  campaignMonth,
  inSegment,
  segmentWindow,
  sendTimeProblem,
  SEND_TIME_PAST_MESSAGE,
  SEND_TIME_TOO_FAR_MESSAGE,
  type CustomerFacts,
} from './campaigns';

const DAY = 86_400_000;
// Fixed clocks: the last minute of a Pakistan month (31 March 2026, 23:59 PKT = 18:59 UTC) and the first.
const END_OF_MARCH = new Date('2026-03-31T18:59:00.000Z');
const START_OF_APRIL = new Date('2026-03-31T19:00:00.000Z');

function card(overrides: Partial<CustomerFacts['cards'][number]> = {}): CustomerFacts['cards'][number] {
  return {
    stampsToGo: 5,
    completed: false,
    joinedAt: new Date('2026-01-10T07:00:00Z'),
    lastStampAt: null,
    ...overrides,
  };
}

const customer = (cards: CustomerFacts['cards'], rewards: CustomerFacts['rewards'] = []): CustomerFacts => ({
  cards,
  rewards,
});

describe('campaign segments', () => {
  it('all: every holder of a card, nobody without one', () => {
    const window = segmentWindow('all', null, END_OF_MARCH);
    expect(inSegment(window, customer([card()]), END_OF_MARCH)).toBe(true);
    expect(inSegment(window, customer([]), END_OF_MARCH)).toBe(false);
  });

  it('close to a reward: one or two stamps to go on a card not completed', () => {
    const window = segmentWindow('close_to_reward', null, END_OF_MARCH);
    const at = (stampsToGo: number, completed = false) =>
      inSegment(window, customer([card({ stampsToGo, completed })]), END_OF_MARCH);
    expect([at(1), at(2), at(3), at(0, true), at(1, true)]).toEqual([true, true, false, false, false]);
    expect(inSegment(window, customer([card({ stampsToGo: 7 }), card({ stampsToGo: 2 })]), END_OF_MARCH)).toBe(true);
  });

  it('lapsed for N days: the last stamp anywhere at the vendor, or joining when never stamped', () => {
    const window = segmentWindow('lapsed', 30, END_OF_MARCH);
    expect(window.lastVisitBefore).toEqual(new Date(END_OF_MARCH.getTime() - 30 * DAY));
    const visit = (lastStampAt: Date | null, joinedAt = new Date(END_OF_MARCH.getTime() - 100 * DAY)) =>
      inSegment(window, customer([card({ lastStampAt, joinedAt })]), END_OF_MARCH);
    expect(visit(new Date(END_OF_MARCH.getTime() - 30 * DAY - 1))).toBe(true);
    expect(visit(new Date(END_OF_MARCH.getTime() - 30 * DAY))).toBe(false);
    expect(visit(null)).toBe(true);
    expect(visit(null, new Date(END_OF_MARCH.getTime() - DAY))).toBe(false);
    // A recent stamp on another card of the vendor means the customer is not lapsed.
    expect(
      inSegment(
        window,
        customer([
          card({ lastStampAt: new Date(END_OF_MARCH.getTime() - 90 * DAY) }),
          card({ lastStampAt: END_OF_MARCH }),
        ]),
        END_OF_MARCH,
      ),
    ).toBe(false);
  });

  it('holding an unredeemed reward that has not expired', () => {
    const window = segmentWindow('unredeemed_reward', null, END_OF_MARCH);
    const holds = (rewards: CustomerFacts['rewards']) => inSegment(window, customer([card()], rewards), END_OF_MARCH);
    expect(holds([])).toBe(false);
    expect(holds([{ expiresAt: null }])).toBe(true);
    expect(holds([{ expiresAt: new Date(END_OF_MARCH.getTime() + 1) }])).toBe(true);
    expect(holds([{ expiresAt: END_OF_MARCH }])).toBe(false);
  });

  it('joined this month, Pakistan time, whose first card of the vendor is from this month', () => {
    const firstOfMarch = new Date('2026-02-28T19:00:00.000Z'); // 1 March 00:00 PKT
    const march = segmentWindow('joined_this_month', null, END_OF_MARCH);
    expect(march.joinedSince).toEqual(firstOfMarch);
    const joined = (joinedAt: Date, now: Date) =>
      inSegment(segmentWindow('joined_this_month', null, now), customer([card({ joinedAt })]), now);
    expect(joined(firstOfMarch, END_OF_MARCH)).toBe(true);
    expect(joined(new Date(firstOfMarch.getTime() - 1), END_OF_MARCH)).toBe(false);
    // A minute later it is April in Pakistan (still 31 March in UTC): March's joiners are no longer new.
    expect(joined(firstOfMarch, START_OF_APRIL)).toBe(false);
    expect(joined(START_OF_APRIL, START_OF_APRIL)).toBe(true);
    // An older card of the vendor makes the customer not new, even with a card from this month.
    expect(
      inSegment(
        march,
        customer([card({ joinedAt: END_OF_MARCH }), card({ joinedAt: new Date('2026-02-01T00:00:00Z') })]),
        END_OF_MARCH,
      ),
    ).toBe(false);
  });
});

describe('campaign schedule and limits', () => {
  it('a send time must be now (a few minutes of grace) or later, within 90 days', () => {
    expect(sendTimeProblem(null, END_OF_MARCH)).toBeNull();
    expect(sendTimeProblem(new Date(END_OF_MARCH.getTime() - 4 * 60_000), END_OF_MARCH)).toBeNull();
    expect(sendTimeProblem(new Date(END_OF_MARCH.getTime() - 6 * 60_000), END_OF_MARCH)).toBe(SEND_TIME_PAST_MESSAGE);
    expect(sendTimeProblem(new Date(END_OF_MARCH.getTime() + 90 * DAY), END_OF_MARCH)).toBeNull();
    expect(sendTimeProblem(new Date(END_OF_MARCH.getTime() + 91 * DAY), END_OF_MARCH)).toBe(SEND_TIME_TOO_FAR_MESSAGE);
  });

  it('counts a campaign against the Pakistan month of its send time', () => {
    expect(campaignMonth(END_OF_MARCH)).toEqual({
      start: new Date('2026-02-28T19:00:00.000Z'),
      end: new Date('2026-03-31T19:00:00.000Z'),
    });
    expect(campaignMonth(START_OF_APRIL).start).toEqual(START_OF_APRIL);
  });

  it('allows one more campaign under the limit; 0 is none and -1 unlimited', () => {
    expect(campaignAllowed({ campaignsPerMonth: 0 }, 0)).toBe(false);
    expect(campaignAllowed({ campaignsPerMonth: 2 }, 1)).toBe(true);
    expect(campaignAllowed({ campaignsPerMonth: 2 }, 2)).toBe(false);
    expect(campaignAllowed({ campaignsPerMonth: -1 }, 1000)).toBe(true);
  });
});

describe('phoneEstimate (decision 081)', () => {
  const byPhone = { whatsapp: 3, sms: 2, leftThisMonth: 100, whatsappPaisa: 1300, smsPartPaisa: 75 };
  const short = { subject: 'Eid offer', message: 'Double stamps on Friday.' };

  it('prices WhatsApp per message and SMS per part of its words', () => {
    expect(phoneEstimate(byPhone, short)).toEqual({ whatsapp: 3, sms: 2, costPaisa: 3 * 1300 + 2 * 75 });
    // Urdu goes as UCS-2: the same length takes more parts.
    const urdu = { subject: 'عید آفر', message: 'جمعہ کو ڈبل اسٹیمپ۔ '.repeat(4) };
    expect(phoneEstimate(byPhone, urdu).costPaisa).toBe(3 * 1300 + 2 * 2 * 75);
  });

  it('counts only what is left of the plan month, WhatsApp first', () => {
    expect(phoneEstimate({ ...byPhone, leftThisMonth: 4 }, short)).toEqual({
      whatsapp: 3,
      sms: 1,
      costPaisa: 3 * 1300 + 75,
    });
    expect(phoneEstimate({ ...byPhone, leftThisMonth: 0 }, short)).toEqual({ whatsapp: 0, sms: 0, costPaisa: 0 });
  });
});
