import { describe, expect, it } from 'vitest';
import { messageCustomerSchema } from '@shared/customers/vendor-customers';
import { birthdayYearInWeek, fillAutomationText, hasLapsed, oneToGoLeft, saveAutomationSchema } from './automations';
import { createCampaignSchema } from './campaigns';

/** An instant at a Pakistan wall-clock time (UTC+5). */
const pk = (local: string) => new Date(`${local}+05:00`);

describe('birthday week (Pakistan time)', () => {
  it('is the Monday-to-Sunday week holding the birthday, from Monday 00:00 to Sunday 23:59 in Pakistan', () => {
    // 18 March 2026 is a Wednesday: its week runs Monday 16 to Sunday 22 March.
    expect(birthdayYearInWeek('1990-03-18', pk('2026-03-16T00:00:00'))).toBe(2026);
    expect(birthdayYearInWeek('1990-03-18', pk('2026-03-22T23:59:00'))).toBe(2026);
    // Sunday 23:59 UTC-side is already Monday in Pakistan, and the week before is not it either.
    expect(birthdayYearInWeek('1990-03-18', pk('2026-03-23T00:00:00'))).toBeNull();
    expect(birthdayYearInWeek('1990-03-18', pk('2026-03-15T23:59:00'))).toBeNull();
    // 19:00 UTC on Sunday 22 March is Monday 00:00 in Pakistan: the next week.
    expect(birthdayYearInWeek('1990-03-18', new Date('2026-03-22T19:00:00.000Z'))).toBeNull();
    expect(birthdayYearInWeek('1990-03-18', new Date('2026-03-22T18:59:00.000Z'))).toBe(2026);
  });

  it('crosses the year end: a week from December into January names the birthday in it', () => {
    // Monday 28 December 2026 to Sunday 3 January 2027.
    expect(birthdayYearInWeek('1995-12-31', pk('2027-01-02T12:00:00'))).toBe(2026);
    expect(birthdayYearInWeek('1995-01-01', pk('2026-12-28T09:00:00'))).toBe(2027);
    expect(birthdayYearInWeek('1995-01-04', pk('2026-12-29T09:00:00'))).toBeNull();
  });

  it('keeps 29 February on 28 February in other years, and needs a date of birth', () => {
    // Monday 23 February to Sunday 1 March 2026 (not a leap year).
    expect(birthdayYearInWeek('2000-02-29', pk('2026-02-25T10:00:00'))).toBe(2026);
    // 2028 is a leap year: the week of Monday 28 February 2028 holds the 29th.
    expect(birthdayYearInWeek('2000-02-29', pk('2028-03-01T10:00:00'))).toBe(2028);
    expect(birthdayYearInWeek(null, pk('2026-02-25T10:00:00'))).toBeNull();
    expect(birthdayYearInWeek('not a date', pk('2026-02-25T10:00:00'))).toBeNull();
  });
});

describe('win-back lapse', () => {
  it('has lapsed when N whole Pakistan days have passed since the day of the last visit', () => {
    const lastVisit = pk('2026-03-01T23:30:00');
    expect(hasLapsed(lastVisit, 30, pk('2026-03-30T23:59:00'))).toBe(false);
    expect(hasLapsed(lastVisit, 30, pk('2026-03-31T00:00:00'))).toBe(true);
    // A visit late in the day counts as that Pakistan day, even when it is the next day in UTC.
    expect(hasLapsed(new Date('2026-03-01T19:30:00.000Z'), 7, pk('2026-03-08T00:00:00'))).toBe(false);
    expect(hasLapsed(new Date('2026-03-01T19:30:00.000Z'), 7, pk('2026-03-09T00:00:00'))).toBe(true);
  });
});

describe('one to go and the texts', () => {
  it('is the stamp that leaves exactly one', () => {
    const stamps = (collected: number, required: number) => oneToGoLeft({ collected, required, points: null });
    expect(stamps(9, 10)).toBe(1);
    expect(stamps(8, 10)).toBeNull();
    expect(stamps(10, 10)).toBeNull();
    expect(stamps(0, 1)).toBeNull();
  });

  it('on a points card, is the award that leaves the reward one award like it away, in points', () => {
    // 480 of 500 after an award of 30: 20 points to go, which one more such visit covers.
    expect(oneToGoLeft({ collected: 480, required: 500, points: 30 })).toBe(20);
    expect(oneToGoLeft({ collected: 470, required: 500, points: 30 })).toBe(30);
    // Further than this award gave, or already there: not one to go.
    expect(oneToGoLeft({ collected: 460, required: 500, points: 30 })).toBeNull();
    expect(oneToGoLeft({ collected: 500, required: 500, points: 30 })).toBeNull();
    // The price minus one is no longer the rule: 499 of 500 after 200 points is 1 point to go.
    expect(oneToGoLeft({ collected: 499, required: 500, points: 200 })).toBe(1);
  });

  it('fills one to go’s {left} and {reward}, and leaves them as written where they are not given', () => {
    const values = { name: 'Sana', vendor: 'Lahori Chai' };
    expect(fillAutomationText('{left} to go at {vendor}!', { ...values, left: '20 points' })).toBe(
      '20 points to go at Lahori Chai!',
    );
    expect(fillAutomationText('Just {left} more and {reward} is yours.', values)).toBe(
      'Just {left} more and {reward} is yours.',
    );
  });

  it('fills {name} and {vendor} without reading anything as a pattern', () => {
    expect(fillAutomationText('Hi {name}, welcome to {vendor}! {other}', { name: '$& Ali', vendor: 'Chai $1' })).toBe(
      'Hi $& Ali, welcome to Chai $1! {other}',
    );
  });

  it('refuses bad input naming the field', () => {
    const result = saveAutomationSchema.safeParse({ enabled: true, subject: ' ', body: 'x', winBackDays: 3 });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toEqual({ subject: 'Subject is required.', winBackDays: 'Please choose at least 7 days.' });
  });

  it('takes a one-line subject only, as a campaign and a message to one customer do', () => {
    const schemas = [saveAutomationSchema, createCampaignSchema, messageCustomerSchema];
    const input = { enabled: true, body: 'x', message: 'x', segment: 'all' };
    for (const subject of ['Eid offer\r\nBcc: everyone@example.com', 'Eid\noffer', 'Eid\roffer', 'Eid\u2028offer']) {
      for (const schema of schemas) {
        const result = schema.safeParse({ ...input, subject });
        expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
          ['subject', 'Subject must be one line, without line breaks.'],
        ]);
      }
    }
    for (const schema of schemas) expect(schema.safeParse({ ...input, subject: '  Eid offer  ' }).success).toBe(true);
  });
});
