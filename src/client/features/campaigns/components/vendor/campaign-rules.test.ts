import { describe, expect, it } from 'vitest';
import { cancellable, isoToPakistanLocal, pakistanLocalToIso, shownStatus } from './campaign-rules';

describe('campaign composer rules', () => {
  it('reads the schedule field as Pakistan time', () => {
    expect(pakistanLocalToIso('2026-03-20T18:30')).toBe('2026-03-20T13:30:00.000Z');
    expect(pakistanLocalToIso('2026-03-20')).toBeNull();
    expect(pakistanLocalToIso('')).toBeNull();
    expect(isoToPakistanLocal(new Date('2026-03-14T18:58:00.000Z'))).toBe('2026-03-14T23:58');
  });

  it('shows a due scheduled campaign as sending, and only a future one can be cancelled', () => {
    const now = new Date('2026-03-20T10:00:00.000Z');
    const due = { status: 'scheduled' as const, sendAt: '2026-03-20T09:59:00.000Z' };
    const later = { status: 'scheduled' as const, sendAt: '2026-03-21T09:59:00.000Z' };
    expect([shownStatus(due, now), shownStatus(later, now)]).toEqual(['sending', 'scheduled']);
    expect([cancellable(due, now), cancellable(later, now)]).toEqual([false, true]);
    expect(shownStatus({ status: 'sent', sendAt: due.sendAt }, now)).toBe('sent');
  });
});
