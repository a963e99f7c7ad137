import { Gift, MapPin, Stamp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicCard } from '@shared/marketplace/marketplace';
import { JOIN_LABEL_KEYS } from '@shared/marketplace/marketplace-display';
import { formatPKR } from '@shared/number-format';
import { CardTypeBadge, HourlyDealBadge, PremiumBadge } from './card-badges';
import { DealPrice, ExclusiveMembership, StartingProgress } from './deal-details';
import { JoinButton } from './join-button';
import { useCountdown } from './use-countdown';
import { useTranslation } from '@client/lib/translation';
import { cityName } from '@client/components/place-options';
import '@client/features/marketplace/marketplace-texts';
import { VendorLogo } from '@client/components/vendor-logo';

export interface MarketplaceCardTileProps {
  card: PublicCard;
  /** Overrides the card-type badge (the Daily Chaska page says DAILY SPECIAL). */
  badge?: string;
  /** Overrides the join label (Vendor Clubs says Join Club on every card). */
  joinLabel?: string;
  /** Hides the vendor line on the vendor's own page. */
  showVendor?: boolean;
  /** Below the join button, e.g. the card's Share (the pages that offer it pass it in). */
  action?: ReactNode;
}

export function MarketplaceCardTile({ card, badge, joinLabel, showVendor = true, action }: MarketplaceCardTileProps) {
  const { t } = useTranslation('marketplace');
  const remainingMs = useCountdown(card.dealEndsAt);
  const ended = remainingMs === 0;
  const isDeal = card.cardType === 'daily_chaska' || card.dealPrice !== null || card.stockLeft !== null;
  const titleId = `card-${card.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      {showVendor ? (
        <Link
          to={`/vendors/${card.vendor.slug}`}
          className="group flex min-w-0 items-center gap-3 rounded-t-2xl border-b border-stone-100 p-4 hover:bg-stone-50"
        >
          <VendorLogo logo={card.vendor.logo} size="card" />
          <span className="min-w-0">
            <span className="block font-semibold text-stone-900 group-hover:text-brand-800 group-hover:underline">
              {card.vendor.businessName}
            </span>
            <span className="flex items-center gap-1 text-sm text-stone-600">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              {card.vendor.area}, {cityName(card.vendor.city, t)}
              {card.distanceKm === undefined ? null : (
                <span className="font-medium text-brand-800">
                  {' '}
                  · {t('marketplace:tile.distance', { km: card.distanceKm })}
                </span>
              )}
            </span>
          </span>
        </Link>
      ) : null}

      <div className="flex flex-1 flex-col gap-3 p-4">
        {card.partners.length > 0 ? (
          <p className="text-sm text-stone-600">
            {t('common:card.honouredAt', {
              names: [card.vendor.businessName, ...card.partners.map((partner) => partner.businessName)].join(', '),
            })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1.5">
          {card.dealStartsAt ? <HourlyDealBadge /> : <CardTypeBadge type={card.cardType} text={badge} />}
          {showVendor && card.vendor.isPremium ? <PremiumBadge /> : null}
        </div>
        <div>
          <h3 id={titleId} className="text-lg font-bold text-stone-900">
            {card.name}
          </h3>
          {card.description ? (
            <p dir="auto" className="mt-1 text-sm text-stone-700">
              {card.description}
            </p>
          ) : null}
        </div>
        <ul className="space-y-1.5 text-sm text-stone-800">
          <li className="flex gap-2">
            <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              <span className="font-semibold">{card.rewardTitle}</span>
              {card.rewardValue > 0 ? (
                <span className="text-stone-600">
                  {t('marketplace:tile.worth', { value: formatPKR(card.rewardValue) })}
                </span>
              ) : null}
            </span>
          </li>
          <li className="flex gap-2">
            <Stamp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t('marketplace:tile.stampsToEarn', { count: card.stampsRequired })}
          </li>
        </ul>
        {isDeal ? <DealPrice card={card} remainingMs={remainingMs} /> : null}
        {card.cardType === 'exclusive' ? <ExclusiveMembership card={card} /> : null}
        {card.cardType === 'free' ? <StartingProgress stampsRequired={card.stampsRequired} /> : null}
        <div className="mt-auto flex flex-col gap-1 pt-1">
          <JoinButton card={card} label={joinLabel ?? t(JOIN_LABEL_KEYS[card.cardType])} ended={ended} />
          {action}
        </div>
      </div>
    </article>
  );
}
