import { ChartColumn, CirclePlus, QrCode, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { formatLocale } from '@shared/pakistan-time';
import type { VendorDashboard } from '@shared/vendors/vendor-dashboard';
import { Card } from '@client/components/ui/card';
import { CardStatusBadge } from '@client/components/cards/card-status-badge';
import { formatNumber } from '@shared/number-format';

/** "5 minutes ago", "3 hours ago", "2 days ago". */
export function timeAgo(iso: string, now = Date.now()): string {
  const ageFormatter = new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'auto' });
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  if (Math.abs(minutes) < 60) return ageFormatter.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return ageFormatter.format(hours, 'hour');
  return ageFormatter.format(Math.round(hours / 24), 'day');
}

export function RecentActivity({ items }: { items: VendorDashboard['recentActivity'] }) {
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:activity.title')} description={t('vendor:activity.description')}>
      {items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('vendor:activity.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
              <span className="min-w-0 text-stone-800">{item.message}</span>
              <time dateTime={item.at} className="shrink-0 text-xs text-stone-500">
                {timeAgo(item.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function TopCards({ cards }: { cards: VendorDashboard['topCards'] }) {
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:topCards.title')} description={t('vendor:topCards.description')}>
      {cards.length === 0 ? (
        <p className="text-sm text-stone-600">
          <Trans
            i18nKey="vendor:topCards.empty"
            components={{
              create: <Link to="/vendor/cards?create=1" className="font-medium text-brand-700 underline" />,
            }}
          />
        </p>
      ) : (
        <ol className="divide-y divide-stone-100">
          {cards.map((card) => (
            <li key={card.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">{card.name}</p>
                <p className="text-xs text-stone-600">
                  {t('vendor:topCards.users', {
                    type: t(CARD_TYPE_NAME_KEYS[card.cardType]),
                    count: card.users,
                  })}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="tabular-nums text-stone-700">
                  {t('vendor:topCards.stamps', { count: card.stamps, stamps: formatNumber(card.stamps) })}
                </span>
                <CardStatusBadge status={card.status} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function QuickAction({ to, icon, label, text }: { to: string; icon: ReactNode; label: string; text: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800 [&_svg]:size-5"
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-stone-900">{label}</span>
        <span className="block text-xs text-stone-600">{text}</span>
      </span>
    </Link>
  );
}

/** SPEC.md's four quick actions; staff see the two they may use. */
export function QuickActions({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="mb-3 text-base font-semibold text-stone-900">
        {t('vendor:quick.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {isOwner ? (
          <QuickAction
            to="/vendor/cards?create=1"
            icon={<CirclePlus />}
            label={t('vendor:quick.createCard')}
            text={t('vendor:quick.createCardText')}
          />
        ) : null}
        <QuickAction
          to="/vendor/issue-stamp"
          icon={<QrCode />}
          label={t('vendor:nav.issueStamp')}
          text={t('vendor:quick.issueStampText')}
        />
        <QuickAction
          to="/vendor/analytics"
          icon={<ChartColumn />}
          label={t('vendor:quick.analytics')}
          text={t('vendor:quick.analyticsText')}
        />
        {isOwner ? (
          <QuickAction
            to="/vendor/profile"
            icon={<Store />}
            label={t('vendor:quick.profile')}
            text={t('vendor:quick.profileText')}
          />
        ) : null}
      </div>
    </section>
  );
}
