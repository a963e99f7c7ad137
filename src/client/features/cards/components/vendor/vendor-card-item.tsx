import type { ReactNode } from 'react';
import { ChartColumn, Eye, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import type { VendorCard } from '@shared/cards/vendor-cards';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { CardStatusBadge, CompletionBadge } from '@client/components/cards/card-status-badge';

export type CardItemAction = 'view' | 'edit' | 'pause' | 'activate' | 'delete';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** One card with SPEC.md's facts and actions; staff see the read-only ones. */
export function VendorCardItem({
  card,
  canManage,
  busy,
  onAction,
}: {
  card: VendorCard;
  canManage: boolean;
  busy: boolean;
  onAction: (action: CardItemAction) => void;
}) {
  const { t } = useTranslation('vendor');
  return (
    <article
      aria-labelledby={`card-${card.id}`}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`card-${card.id}`} className="truncate text-base font-semibold text-stone-900">
            {card.name}
          </h3>
          {card.description ? <p className="mt-0.5 line-clamp-2 text-sm text-stone-600">{card.description}</p> : null}
        </div>
        <div className="flex shrink-0 gap-1.5">
          <Badge tone="orange">{card.dealStartsAt ? BRAND.hourlyName : t(CARD_TYPE_NAME_KEYS[card.cardType])}</Badge>
          <CardStatusBadge status={card.status} />
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label={t('vendor:item.users')}>{formatNumber(card.users)}</Fact>
        <Fact label={t('vendor:item.completion')}>
          <CompletionBadge percent={card.completionRate} />
        </Fact>
        <Fact label={t('vendor:item.stampsRequired')}>{card.stampsRequired}</Fact>
        <Fact label={t('vendor:item.reward')}>
          {t('vendor:item.rewardValue', { reward: card.rewardTitle, value: formatPKR(card.rewardValue) })}
        </Fact>
        <Fact label={t('vendor:item.created')}>{formatLongDate(card.createdAt)}</Fact>
        <Fact label={t('vendor:item.updated')}>{formatLongDate(card.updatedAt)}</Fact>
      </dl>
      <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        <Button size="sm" variant="outline" onClick={() => onAction('view')}>
          <Eye aria-hidden="true" /> {t('vendor:item.view')}
        </Button>
        {canManage ? (
          <Button size="sm" variant="outline" onClick={() => onAction('edit')}>
            <Pencil aria-hidden="true" /> {t('vendor:item.edit')}
          </Button>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <Link to={`/vendor/analytics?card=${card.id}`}>
            <ChartColumn aria-hidden="true" /> {t('vendor:item.analytics')}
          </Link>
        </Button>
        {canManage && card.status === 'active' ? (
          <Button size="sm" variant="outline" busy={busy} onClick={() => onAction('pause')}>
            <Pause aria-hidden="true" /> {t('vendor:item.pause')}
          </Button>
        ) : null}
        {canManage && card.status !== 'active' ? (
          <Button size="sm" variant="secondary" busy={busy} onClick={() => onAction('activate')}>
            <Play aria-hidden="true" /> {t('vendor:item.activate')}
          </Button>
        ) : null}
        {canManage ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => onAction('delete')}
          >
            <Trash2 aria-hidden="true" /> {t('vendor:cards.delete')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
