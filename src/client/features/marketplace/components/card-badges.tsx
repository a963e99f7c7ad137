import { Clock, Crown } from 'lucide-react';
import { CARD_TYPE_NAME_KEYS, type CardType } from '@shared/cards/cards';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';

const TYPE_TONES: Record<CardType, BadgeTone> = {
  stamp: 'grey',
  free: 'green',
  hot_shot: 'orange',
  exclusive: 'purple',
  daily_chaska: 'red',
};

/** The card type's one name (CARD_TYPE_NAME_KEYS), as its vendor calls it too; `text` overrides (DAILY SPECIAL). */
export function CardTypeBadge({ type, text }: { type: CardType; text?: string }) {
  const { t } = useTranslation();
  return <Badge tone={TYPE_TONES[type]}>{text ?? t(CARD_TYPE_NAME_KEYS[type])}</Badge>;
}

/** Vendors on the premium plan (SPEC.md "Landing page"). */
export function PremiumBadge() {
  const { t } = useTranslation();
  return (
    <Badge tone="yellow">
      <Crown aria-hidden="true" className="size-3.5" />
      {t('common:badge.premium')}
    </Badge>
  );
}

/** Hourly Chaska deals (decision 033) carry their own badge in place of the card type's. */
export function HourlyDealBadge() {
  const { t } = useTranslation('marketplace');
  return (
    <Badge tone="orange">
      <Clock aria-hidden="true" className="size-3.5" />
      {t('marketplace:tile.hourlyBadge')}
    </Badge>
  );
}
