import {
  ANALYTICS_RANGE_LABELS,
  PEAK_BANDS,
  formatBucket,
  type VendorAnalytics,
} from '@shared/analytics/vendor-analytics';
import { CARD_TYPE_LABELS } from '@shared/cards/cards';
import { CARD_STATUS_LABELS } from '@shared/cards/vendor-cards';
import { formatHourBand } from '@shared/pakistan-time';
import type { CsvValue } from '@server/lib/csv';

/**
 * The analytics as titled tables, shared by the CSV, the PDF and the printable report so the
 * three always say the same thing.
 */
export interface AnalyticsTable {
  title: string;
  header: string[];
  rows: CsvValue[][];
}

export function analyticsTitle(businessName: string, analytics: VendorAnalytics): string {
  const scope = analytics.card ? ` · ${analytics.card.name}` : '';
  return `${businessName} — analytics, last ${ANALYTICS_RANGE_LABELS[analytics.range]}${scope}`;
}

export function analyticsTables(analytics: VendorAnalytics): AnalyticsTable[] {
  const tables: AnalyticsTable[] = [
    {
      title: 'Summary',
      header: ['Measure', 'Value'],
      rows: [
        ['Period', `${analytics.from} to ${analytics.to} (Pakistan time)`],
        ['Total Stamps Issued', analytics.tiles.stampsIssued],
        ['Rewards Redeemed', analytics.tiles.rewardsRedeemed],
        ['Active Users', analytics.tiles.activeUsers],
        ['Completion Rate', `${analytics.tiles.completionRate}%`],
      ],
    },
  ];
  const mix = new Map((analytics.customerMix ?? []).map((point) => [point.bucket, point]));
  tables.push({
    title: 'Over time',
    header: [
      'Period starting',
      'Stamps Issued',
      'Rewards Redeemed',
      ...(analytics.customerMix ? ['New Customers', 'Returning Customers'] : []),
    ],
    rows: analytics.series.map((point) => [
      `${point.bucket} (${formatBucket(point.bucket, analytics.bucket)})`,
      point.stamps,
      point.redemptions,
      ...(analytics.customerMix
        ? [mix.get(point.bucket)?.newCustomers ?? 0, mix.get(point.bucket)?.returningCustomers ?? 0]
        : []),
    ]),
  });
  if (analytics.cardPerformance) {
    tables.push({
      title: 'Card Performance',
      header: ['Card', 'Type', 'Status', 'Users', 'Stamps', 'Rewards Earned', 'Rewards Redeemed', 'Completion'],
      rows: analytics.cardPerformance.map((card) => [
        card.name,
        CARD_TYPE_LABELS[card.cardType],
        CARD_STATUS_LABELS[card.status],
        card.users,
        card.stamps,
        card.rewardsEarned,
        card.rewardsRedeemed,
        `${card.completionRate}%`,
      ]),
    });
  }
  if (analytics.topCustomers) {
    tables.push({
      title: 'Top Customers',
      header: ['Customer', 'E-mail', 'Stamps', 'Rewards'],
      rows: analytics.topCustomers.map((customer) => [
        customer.name,
        customer.email,
        customer.stamps,
        customer.rewards,
      ]),
    });
  }
  if (analytics.peakHours) {
    tables.push({
      title: 'Peak Hours',
      header: ['Time of day', 'Hours (Pakistan time)', 'Stamps', 'Share'],
      rows: analytics.peakHours.map((row) => {
        const band = PEAK_BANDS.find((candidate) => candidate.id === row.band)!;
        return [band.label, formatHourBand(band.from, band.to), row.stamps, `${row.share}%`];
      }),
    });
  }
  return tables;
}

export function analyticsCsvRows(businessName: string, analytics: VendorAnalytics): CsvValue[][] {
  const rows: CsvValue[][] = [[analyticsTitle(businessName, analytics)]];
  for (const table of analyticsTables(analytics)) {
    rows.push([], [table.title], table.header, ...table.rows);
  }
  return rows;
}
