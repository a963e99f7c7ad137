import { RATING_WINDOW_HOURS } from '@shared/vendors/feedback';
import type { StampKind } from '@shared/stamps/referrals';

/** Why a customer cannot rate this visit now, or null when they can (decision 038). */
export type RatingRefusal = 'not_found' | 'bonus_not_visit' | 'too_late';

const WINDOW_MS = RATING_WINDOW_HOURS * 60 * 60 * 1000;

/** When the window to rate a visit closes. */
export function rateBefore(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + WINDOW_MS);
}

/**
 * A customer rates their own visit (a visit stamp, not a bonus), within 24 hours of it on the
 * app's clock. Someone else's stamp answers as unknown, so stamp ids tell nothing. Once per visit
 * is the table's key.
 */
export function ratingRefusal(
  stamp: { userId: string; kind: StampKind; issuedAt: Date } | null,
  customerUserId: string,
  now: Date,
): RatingRefusal | null {
  if (!stamp || stamp.userId !== customerUserId) return 'not_found';
  if (stamp.kind !== 'visit') return 'bonus_not_visit';
  if (now.getTime() > rateBefore(stamp.issuedAt).getTime()) return 'too_late';
  return null;
}
