import {
  ANALYTICS_RANGE_LABELS,
  PEAK_BANDS,
  formatBucket,
  type AnalyticsBucket,
  type VendorAnalytics,
} from '@shared/analytics/vendor-analytics';
import type { AdminAnalytics, BreakdownRow } from '@shared/analytics/admin-analytics';
import { BRAND } from '@shared/brand';
import { CARD_TYPE_LABELS } from '@shared/cards/cards';
import { CARD_STATUS_LABELS } from '@shared/cards/vendor-cards';
import { formatHourBand } from '@shared/pakistan-time';
import type { CsvValue } from '@server/lib/csv';

/**
 * The analytics as titled tables, shared by the CSV, the PDF and the printable report so the
 * three always say the same thing; the vendor's and the platform's (the admin's) alike.
 */
export interface AnalyticsTable {
  title: string;
  header: string[];
  rows: CsvValue[][];
}

/** What an export holds: its title, the bars of its chart, its tables. */
export interface AnalyticsDocument {
  title: string;
  /** The "generated at" line and the chart's "Highest" label in the document's language; English when left out. */
  generated?: string;
  chart: {
    title: string;
    bucket: AnalyticsBucket;
    bars: Array<{ bucket: string; value: number }>;
    highestLabel?: string;
  };
  tables: AnalyticsTable[];
}

function vendorTitle(businessName: string, analytics: VendorAnalytics): string {
  const scope = analytics.card ? ` · ${analytics.card.name}` : '';
  return `${businessName} — analytics, last ${ANALYTICS_RANGE_LABELS[analytics.range]}${scope}`;
}

export function vendorAnalyticsDocument(businessName: string, analytics: VendorAnalytics): AnalyticsDocument {
  return {
    title: vendorTitle(businessName, analytics),
    chart: {
      title: 'Stamps issued',
      bucket: analytics.bucket,
      bars: analytics.series.map((point) => ({ bucket: point.bucket, value: point.stamps })),
    },
    tables: vendorTables(analytics),
  };
}

function vendorTables(analytics: VendorAnalytics): AnalyticsTable[] {
  const tables: AnalyticsTable[] = [
    {
      title: 'Summary',
      header: ['Measure', 'Value'],
      rows: [
        ['Period', `${analytics.from} to ${analytics.to} (Pakistan time)`],
        ['Total Stamps Issued', analytics.tiles.stampsIssued],
        ['Of Them Reversed', analytics.tiles.stampsReversed],
        ['Rewards Redeemed', analytics.tiles.rewardsRedeemed],
        ['Active Users', analytics.tiles.activeUsers],
        ['Completion Rate', `${analytics.tiles.completionRate}%`],
        ...(analytics.customerMixTotals
          ? [
              ['New Customers', analytics.customerMixTotals.newCustomers],
              ['Returning Customers', analytics.customerMixTotals.returningCustomers],
            ]
          : []),
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

function breakdownTable(title: string, keyHeader: string, rows: BreakdownRow[]): AnalyticsTable {
  return {
    title,
    header: [keyHeader, 'Vendors', 'Stamps Issued', 'Rewards Redeemed', 'Revenue (PKR)'],
    rows: rows.map((row) => [row.label, row.vendors, row.stamps, row.redemptions, row.revenue]),
  };
}

/** The admin's platform analytics as an export: the same layout as a vendor's. */
export function platformAnalyticsDocument(analytics: AdminAnalytics): AnalyticsDocument {
  return {
    title: `${BRAND.name} platform — analytics, last ${ANALYTICS_RANGE_LABELS[analytics.range]}`,
    chart: {
      title: 'Stamps issued',
      bucket: analytics.bucket,
      bars: analytics.series.map((point) => ({ bucket: point.bucket, value: point.stamps })),
    },
    tables: [
      {
        title: 'Summary',
        header: ['Measure', 'Value'],
        rows: [
          ['Period', `${analytics.from} to ${analytics.to} (Pakistan time)`],
          ['Sign-ups', analytics.totals.signups],
          ['Total Stamps Issued', analytics.totals.stamps],
          ['Rewards Redeemed', analytics.totals.redemptions],
          ['Revenue (PKR)', analytics.totals.revenue],
        ],
      },
      {
        title: 'Over time',
        header: ['Period starting', 'Sign-ups', 'Stamps Issued', 'Rewards Redeemed', 'Revenue (PKR)'],
        rows: analytics.series.map((point) => [
          `${point.bucket} (${formatBucket(point.bucket, analytics.bucket)})`,
          point.signups,
          point.stamps,
          point.redemptions,
          point.revenue,
        ]),
      },
      breakdownTable('By city', 'City', analytics.byCity),
      breakdownTable('By category', 'Category', analytics.byCategory),
    ],
  };
}

export function analyticsCsvRows(document: AnalyticsDocument): CsvValue[][] {
  const rows: CsvValue[][] = [[document.title]];
  for (const table of document.tables) {
    rows.push([], [table.title], table.header, ...table.rows);
  }
  return rows;
}
