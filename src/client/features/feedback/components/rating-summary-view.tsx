import { Star } from 'lucide-react';
import type { RatingSummary } from '@shared/feedback';
import { formatDayAndMonth, formatLongDate } from '@shared/pakistan-time';
import { StatTile } from '@client/components/ui/stat-tile';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { RatingTrendChart } from './rating-trend-chart';

const stars = (rating: number) => `${rating} of 5`;

/**
 * A vendor's ratings as the vendor (dashboard) or the admin reviewing it sees them: the average,
 * the count and the spread, the weekly trend as a chart with the same numbers in a table, and the
 * newest comments.
 */
export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
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
      ? `Weekly average from ${first.average} (week of ${first.label}) to ${last.average} (week of ${last.label}).`
      : 'Not enough weeks with ratings for a trend yet.';

  if (summary.count === 0) {
    return (
      <p className="text-sm text-stone-600">No ratings yet. Customers can rate a visit for 24 hours after a stamp.</p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatTile label="Average rating" value={summary.average === null ? '–' : `${summary.average} / 5`} />
        <StatTile label="Ratings" value={summary.count.toLocaleString('en-PK')} />
        <div className="col-span-2 sm:col-span-1">
          <p className="text-sm text-stone-600">Spread</p>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm tabular-nums">
            {[5, 4, 3, 2, 1].map((value) => (
              <li key={value} className="flex items-center gap-2">
                <span className="w-16">{value} stars</span>
                <span className="font-medium text-stone-900">{summary.distribution[value - 1]}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <section aria-label="Weekly trend" className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-stone-900">Average per week (Pakistan time)</h3>
        <RatingTrendChart data={weeks} summary={trendText} />
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">Show the weekly numbers as a table</summary>
          <Table label="Average rating per week">
            <TableColumns columns={['Week of', 'Ratings', 'Average']} />
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
      <section aria-label="Comments" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-stone-900">Latest comments</h3>
        {summary.comments.length === 0 ? (
          <p className="text-sm text-stone-600">No comments yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200">
            {summary.comments.map((comment) => (
              <li key={comment.id} className="flex flex-col gap-1 py-3">
                <p className="flex items-center gap-1 text-sm font-medium text-stone-900">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                  <span>{stars(comment.rating)}</span>
                  <span className="font-normal text-stone-600">
                    · {comment.customer} · {comment.cardName} · {formatLongDate(comment.createdAt)}
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
