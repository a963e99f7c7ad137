import { describe, expect, it } from 'vitest';
import { rateBefore, ratingRefusal } from './rating-rules';

const issuedAt = new Date('2026-03-11T07:30:00Z');
const visit = { userId: 'sana', kind: 'visit' as const, issuedAt };

describe('rating a visit', () => {
  it('is open to the customer for 24 hours after the stamp', () => {
    expect(ratingRefusal(visit, 'sana', issuedAt)).toBeNull();
    expect(ratingRefusal(visit, 'sana', new Date('2026-03-12T07:30:00Z'))).toBeNull();
    expect(ratingRefusal(visit, 'sana', new Date('2026-03-12T07:30:00.001Z'))).toBe('too_late');
    expect(rateBefore(issuedAt).toISOString()).toBe('2026-03-12T07:30:00.000Z');
  });

  it('treats someone else’s stamp as unknown', () => {
    expect(ratingRefusal(visit, 'omar', issuedAt)).toBe('not_found');
    expect(ratingRefusal(null, 'sana', issuedAt)).toBe('not_found');
  });

  it('does not rate a bonus stamp, which is not a visit', () => {
    expect(ratingRefusal({ ...visit, kind: 'referral_bonus' }, 'sana', issuedAt)).toBe('bonus_not_visit');
  });
});
