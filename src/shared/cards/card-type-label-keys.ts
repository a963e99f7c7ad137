import type { CardType } from './cards';

/**
 * CARD_TYPE_LABELS (cards.ts) as catalogue keys, for the vendor and admin screens. Apart from cards.ts,
 * which every first download carries, so these keys ride only in the screens that use them.
 */
export const CARD_TYPE_LABEL_KEYS: Record<CardType, string> = {
  stamp: 'vendor:cardTypeName.stamp',
  free: 'vendor:cardTypeName.free',
  hot_shot: 'vendor:cardTypeName.hotShot',
  exclusive: 'vendor:cardTypeName.exclusive',
  daily_chaska: 'vendor:cardTypeName.dailyChaska',
};
