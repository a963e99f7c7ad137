import type { AnalyticsLevel } from '@shared/billing/plans';
import {
  ANALYTICS_FEATURES,
  ANALYTICS_LEVEL_LABELS,
  ANALYTICS_RANGE_LABELS,
  type AnalyticsFeatures,
  type AnalyticsRange,
} from '@shared/analytics/vendor-analytics';
import { forbidden } from '@server/errors';

type GatedFeature = Exclude<keyof AnalyticsFeatures, 'ranges'>;

const FEATURE_NAMES: Record<GatedFeature, string> = {
  customerMix: 'new and returning customers',
  cardPerformance: 'card performance',
  topCustomers: 'top customers',
  peakHours: 'peak hours',
  csv: 'CSV export',
  pdf: 'PDF export',
  report: 'reports',
};

/** The server side of ANALYTICS_FEATURES: refuses what the plan's analytics level does not include. */
export function assertAnalyticsRange(level: AnalyticsLevel, range: AnalyticsRange): void {
  const allowed = ANALYTICS_FEATURES[level].ranges;
  if (!allowed.includes(range)) {
    const longest = ANALYTICS_RANGE_LABELS[allowed[allowed.length - 1]!];
    throw forbidden(
      `${ANALYTICS_LEVEL_LABELS[level]} analytics cover up to ${longest}. Upgrade your plan to see ${ANALYTICS_RANGE_LABELS[range]}.`,
    );
  }
}

export function assertAnalyticsFeature(level: AnalyticsLevel, feature: GatedFeature): void {
  if (!ANALYTICS_FEATURES[level][feature]) {
    throw forbidden(
      `${ANALYTICS_LEVEL_LABELS[level]} analytics do not include ${FEATURE_NAMES[feature]}. Upgrade your plan to use it.`,
    );
  }
}
