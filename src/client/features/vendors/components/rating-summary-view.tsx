import type { UseQueryResult } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/vendor-texts';
import type { RatingSummary } from '@shared/vendors/feedback';
import { formatNumber } from '@shared/number-format';
import { formatDayAndMonth, formatLongDate } from '@shared/pakistan-time';
import { StatTile } from '@client/components/ui/stat-tile';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { RatingTrendChart } from './rating-trend-chart';

/**
 * A vendor's ratings as the vendor (dashboard) or the admin reviewing it sees them: the average,
 * the count and the spread, the weekly trend as a chart with the same numbers in a table, and the
 * newest comments.
 */
export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation('vendor');
  const weeks = summary.trend.map((week) => ({
    label: formatDayAndMonth(new Date(week.weekStart)),
    average: week.average,
    count: week.count,
  }));
  const rated = weeks.filter((week) => week.average !== null);
  const first = rated[0];
  const last = rated.at(-1);
  const trendText =
    first && last && rated.length > 1
      ? t('vendor:ratings.trend', { from: first.average, fromWeek: first.label, to: last.average, toWeek: last.label })
      : t('vendor:ratings.noTrend');

  if (summary.count === 0) {
    return <p className="text-sm text-stone-600">{t('vendor:ratings.empty')}</p>;
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatTile
          label={t('vendor:ratings.average')}
          value={summary.average === null ? '–' : t('vendor:ratings.averageValue', { average: summary.average })}
        />
        <StatTile label={t('vendor:ratings.count')} value={formatNumber(summary.count)} />
        <div className="col-span-2 sm:col-span-1">
          <p className="text-sm text-stone-600">{t('vendor:ratings.spread')}</p>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm tabular-nums">
            {[5, 4, 3, 2, 1].map((value) => (
              <li key={value} className="flex items-center gap-2">
                <span className="w-16">{t('vendor:ratings.starsRow', { count: value })}</span>
                <span className="font-medium text-stone-900">{summary.distribution[value - 1]}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <section aria-label={t('vendor:ratings.weeklyTrend')} className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-stone-900">{t('vendor:ratings.perWeek')}</h3>
        <RatingTrendChart data={weeks} summary={trendText} />
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">{t('vendor:ratings.showTable')}</summary>
          <Table label={t('vendor:ratings.table')}>
            <TableColumns
              columns={[t('vendor:ratings.weekOf'), t('vendor:ratings.count'), t('vendor:ratings.averageColumn')]}
            />
            <TableBody>
              {weeks.map((week) => (
                <TableRow key={week.label}>
                  <TableCell>{week.label}</TableCell>
                  <TableCell className="tabular-nums">{week.count}</TableCell>
                  <TableCell className="tabular-nums">{week.average ?? '–'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      </section>
      <section aria-label={t('vendor:ratings.comments')} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-stone-900">{t('vendor:ratings.latestComments')}</h3>
        {summary.comments.length === 0 ? (
          <p className="text-sm text-stone-600">{t('vendor:ratings.noComments')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200">
            {summary.comments.map((comment) => (
              <li key={comment.id} className="flex flex-col gap-1 py-3">
                <p className="flex items-center gap-1 text-sm font-medium text-stone-900">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                  <span>{t('vendor:ratings.stars', { rating: comment.rating })}</span>
                  <span className="font-normal text-stone-600">
                    {t('vendor:ratings.commentMeta', {
                      customer: comment.customer,
                      card: comment.cardName,
                      date: formatLongDate(comment.createdAt),
                    })}
                  </span>
                </p>
                <p className="text-sm text-pretty break-words text-stone-800">{comment.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A vendor's ratings once loaded; while loading, `loadingText`; on failure, the server's reason. */
export function LoadedRatingSummary({
  ratings,
  loadingText,
}: {
  ratings: UseQueryResult<RatingSummary>;
  loadingText: string;
}) {
  if (ratings.isPending) {
    return (
      <p role="status" className="text-sm text-stone-600">
        {loadingText}
      </p>
    );
  }
  if (ratings.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {ratings.error.message}
      </p>
    );
  }
  return <RatingSummaryView summary={ratings.data} />;
}
