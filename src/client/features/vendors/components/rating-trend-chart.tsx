import { lazyChart } from '@client/components/charts/lazy-chart';
import type { RatingTrendChartProps } from './rating-trend-chart-view';

/** The weekly rating chart, loaded with Recharts when a screen first shows it. */
export const RatingTrendChart = lazyChart<RatingTrendChartProps>(() =>
  import('./rating-trend-chart-view').then((module) => module.RatingTrendChart),
);
