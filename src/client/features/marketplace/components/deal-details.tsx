import { Clock, Crown, Package } from 'lucide-react';
import { Trans, useTranslation } from '@client/lib/translation';
import type { PublicCard } from '@shared/marketplace/marketplace';
import { formatPKR } from '@shared/number-format';
import { Badge } from '@client/components/ui/badge';
import { formatCountdown } from './use-countdown';
import '@client/features/marketplace/marketplace-texts';

/** Daily Chaska: the price against the original, what is left, and the live countdown. */
export function DealPrice({ card, remainingMs }: { card: PublicCard; remainingMs: number | null }) {
  const { t } = useTranslation('marketplace');
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-red-50 p-3 ring-1 ring-red-100">
      {card.dealPrice !== null ? (
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="text-2xl font-extrabold text-stone-900">{formatPKR(card.dealPrice)}</span>
          {card.originalPrice !== null && card.originalPrice > card.dealPrice ? (
            <span className="text-sm text-stone-600 line-through">
              <span className="sr-only">{t('marketplace:tile.was')}</span>
              {formatPKR(card.originalPrice)}
            </span>
          ) : null}
          {card.discountPercent !== null ? (
            <Badge tone="red">{t('marketplace:tile.discount', { percent: card.discountPercent })}</Badge>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {card.stockLeft !== null ? (
          <span className={card.stockLeft === 0 ? 'font-semibold text-red-800' : 'font-medium text-stone-800'}>
            <Package aria-hidden="true" className="me-1 inline size-4 align-[-3px]" />
            {card.stockLeft === 0
              ? t('marketplace:tile.soldOut')
              : t('marketplace:tile.stockLeft', { count: card.stockLeft })}
          </span>
        ) : null}
        {remainingMs !== null ? (
          <span className="font-medium text-stone-800">
            <Clock aria-hidden="true" className="me-1 inline size-4 align-[-3px]" />
            {remainingMs > 0 ? (
              <Trans
                i18nKey="marketplace:tile.endsIn"
                values={{ time: formatCountdown(remainingMs, t) }}
                components={{ countdown: <span className="font-mono tabular-nums" /> }}
              />
            ) : (
              t('marketplace:tile.dealEnded')
            )}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Exclusive clubs: the yearly membership fee. Benefits are what the vendor wrote (the card's
 * description and reward, shown on the tile), never promises of ours (issue 46).
 */
export function ExclusiveMembership({ card }: { card: PublicCard }) {
  const { t } = useTranslation('marketplace');
  if (card.membershipFeeYearly === null) return null;
  return (
    <div className="rounded-xl bg-purple-50 p-3 ring-1 ring-purple-100">
      <p className="flex items-baseline gap-1.5">
        <Crown aria-hidden="true" className="size-4 self-center text-purple-700" />
        <span className="text-xl font-extrabold text-stone-900">{formatPKR(card.membershipFeeYearly)}</span>
        <span className="text-sm text-stone-700">{t('marketplace:tile.membershipPerYear')}</span>
      </p>
    </div>
  );
}

/** Free cards: the 0/N progress a new collector starts at. */
export function StartingProgress({ stampsRequired }: { stampsRequired: number }) {
  const { t } = useTranslation('marketplace');
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="font-medium text-stone-800">{t('marketplace:tile.progress')}</span>
        <span className="font-semibold text-stone-900 tabular-nums">0/{stampsRequired}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('marketplace:tile.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={stampsRequired}
        aria-valuenow={0}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full w-0 rounded-full bg-green-600" />
      </div>
    </div>
  );
}
