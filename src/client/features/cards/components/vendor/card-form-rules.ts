import { DAILY_STAMP_CAP_DEFAULT } from '@shared/stamps/fraud-rules';
import type { FieldPath } from 'react-hook-form';
import {
  DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
  DEFAULT_STAMPS_REQUIRED,
  type CreatableCardType,
} from '@shared/cards/cards';
import type { CardFields, CardFieldsInput, VendorCard } from '@shared/cards/vendor-cards';

/** A datetime-local input's value (local time, minutes) for an ISO instant. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The form's first values: the card's own when editing, the plan's first allowed type and the defaults when creating. */
export function defaultsFor(card: VendorCard | null, allowedCardTypes: readonly CreatableCardType[]): CardFieldsInput {
  return {
    name: card?.name ?? '',
    description: card?.description ?? '',
    cardType: (card?.cardType === 'stamp' ? 'free' : card?.cardType) ?? allowedCardTypes[0] ?? 'free',
    stampsRequired: card?.stampsRequired ?? DEFAULT_STAMPS_REQUIRED,
    rewardTitle: card?.rewardTitle ?? '',
    rewardDescription: card?.rewardDescription ?? '',
    rewardValue: card?.rewardValue ?? 0,
    minStampIntervalMinutes: card?.minStampIntervalMinutes ?? DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
    dailyStampCap: card?.dailyStampCap ?? DAILY_STAMP_CAP_DEFAULT,
    rewardExpiryDays: card?.rewardExpiryDays ?? '',
    dealPrice: card?.dealPrice ?? '',
    originalPrice: card?.originalPrice ?? '',
    stockLeft: card?.stockLeft ?? '',
    dealEndsAt: toLocalInput(card?.dealEndsAt ?? null),
    dealStartsAt: toLocalInput(card?.dealStartsAt ?? null),
    membershipFeeYearly: card?.membershipFeeYearly ?? '',
  };
}

const toInstant = (local: string | null) => (local ? new Date(local).toISOString() : null);

/**
 * What the form sends: the deal's start and end (local datetime-local values) as ISO instants, or
 * none. A start makes the deal an Hourly Chaska deal; the form clears it for a daily deal.
 */
export function cardFieldsToSave(values: CardFields): CardFields {
  return { ...values, dealEndsAt: toInstant(values.dealEndsAt), dealStartsAt: toInstant(values.dealStartsAt) };
}

/** The form field a server error names (`card.name` for the request's `card` object is the form's `name`). */
export function cardFormField(serverPath: string): FieldPath<CardFieldsInput> {
  return serverPath.replace(/^card\./, '') as FieldPath<CardFieldsInput>;
}
