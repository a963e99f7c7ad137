import type { ReactNode } from 'react';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import { BRAND } from '@shared/brand';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import { formatLongDate, formatLongDateTime } from '@shared/pakistan-time';
import type { VendorCard } from '@shared/cards/vendor-cards';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { CardStatusBadge, CompletionBadge } from '@client/components/cards/card-status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 py-2 text-sm max-sm:grid-cols-1 max-sm:gap-0.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

function intervalText(t: TFunction, minutes: number): string {
  if (minutes === 0) return t('vendor:details.noMinimum');
  if (minutes % 60 === 0) return t('vendor:details.hours', { count: minutes / 60 });
  return t('vendor:details.minutes', { count: minutes });
}

export function CardDetailsDialog({
  card,
  onOpenChange,
}: {
  card: VendorCard | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('vendor');
  return (
    <Dialog open={card !== null} onOpenChange={onOpenChange}>
      {card ? (
        <DialogContent title={card.name} description={card.description || undefined}>
          <dl className="divide-y divide-stone-100">
            <Row label={t('vendor:details.type')}>
              {card.dealStartsAt ? BRAND.hourlyName : t(CARD_TYPE_NAME_KEYS[card.cardType])}
            </Row>
            <Row label={t('vendor:details.status')}>
              <CardStatusBadge status={card.status} />
            </Row>
            <Row label={t('vendor:item.users')}>{formatNumber(card.users)}</Row>
            <Row label={t('vendor:item.completion')}>
              <CompletionBadge percent={card.completionRate} />{' '}
              <span className="text-stone-600">
                {t('vendor:details.completed', { completed: card.completedUsers, users: card.users })}
              </span>
            </Row>
            <Row label={t('vendor:item.stampsRequired')}>{card.stampsRequired}</Row>
            <Row label={t('vendor:details.between')}>{intervalText(t, card.minStampIntervalMinutes)}</Row>
            <Row label={t('vendor:item.reward')}>
              {t('vendor:details.rewardLine', { reward: card.rewardTitle, value: formatPKR(card.rewardValue) })}
              {card.rewardDescription ? (
                <span className="block font-normal text-stone-600">{card.rewardDescription}</span>
              ) : null}
            </Row>
            {card.cardType === 'daily_chaska' ? (
              <>
                <Row label={t('vendor:details.dealPrice')}>
                  {formatPKR(card.dealPrice ?? 0)}{' '}
                  <span className="text-stone-600 line-through">{formatPKR(card.originalPrice ?? 0)}</span>
                </Row>
                <Row label={t('vendor:details.stockLeft')}>{card.stockLeft ?? 0}</Row>
                {card.dealStartsAt ? (
                  <Row label={t('vendor:details.dealStarts')}>{formatLongDateTime(card.dealStartsAt)}</Row>
                ) : null}
                <Row label={t('vendor:details.dealEnds')}>{formatLongDateTime(card.dealEndsAt)}</Row>
              </>
            ) : null}
            {card.cardType === 'exclusive' ? (
              <Row label={t('vendor:details.membershipFee')}>
                {t('vendor:details.perYear', { fee: formatPKR(card.membershipFeeYearly ?? 0) })}
              </Row>
            ) : null}
            <Row label={t('vendor:item.created')}>{formatLongDate(card.createdAt)}</Row>
            <Row label={t('vendor:item.updated')}>{formatLongDate(card.updatedAt)}</Row>
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
