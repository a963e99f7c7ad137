/** Card kinds of SPEC.md ("stamp" appears in early data only). */
export const CARD_TYPES = ['stamp', 'free', 'hot_shot', 'exclusive', 'daily_chaska'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Types a vendor can create today; "stamp" is kept for old rows only. */
export const CREATABLE_CARD_TYPES = ['free', 'hot_shot', 'exclusive', 'daily_chaska'] as const;
export type CreatableCardType = (typeof CREATABLE_CARD_TYPES)[number];

export const CARD_TYPE_LABELS: Record<CardType, string> = {
  stamp: 'Stamp Card',
  free: 'Free',
  hot_shot: 'Vendor Club',
  exclusive: 'Exclusive',
  daily_chaska: 'Daily Chaska',
};

/**
 * The one name of each card type as catalogue keys, for customers and vendors alike (issue 46: the
 * same card was "Vendor Club" to its vendor and "HOT SHOT" to its customers). The words are
 * CARD_TYPE_LABELS', which server messages use in English.
 */
export const CARD_TYPE_NAME_KEYS: Record<CardType, string> = {
  stamp: 'common:badge.cardType.stamp',
  free: 'common:badge.cardType.free',
  hot_shot: 'common:badge.cardType.hotShot',
  exclusive: 'common:badge.cardType.exclusive',
  daily_chaska: 'common:badge.cardType.dailyChaska',
};

/** archived keeps a deleted card that customers still hold. */
export const CARD_STATUSES = ['active', 'draft', 'paused', 'archived'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const USER_CARD_STATUSES = ['active', 'completed'] as const;
export type UserCardStatus = (typeof USER_CARD_STATUSES)[number];

/** A withdrawn reward: its stamps were reversed before it was redeemed (decision 086). */
export const REWARD_STATUSES = ['earned', 'redeemed', 'withdrawn'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

export const DEFAULT_STAMPS_REQUIRED = 10;
export const DAILY_CHASKA_STAMPS_REQUIRED = 1;
export const DEFAULT_MIN_STAMP_INTERVAL_MINUTES = 60;
