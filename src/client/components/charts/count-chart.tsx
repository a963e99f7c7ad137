import { lazyChart } from '@client/components/charts/lazy-chart';
import type { CountChartProps } from './count-chart-view';

/** The bar chart of counts over time, loaded with Recharts when a screen first shows it. */
export const CountChart = lazyChart<CountChartProps>(() =>
  import('./count-chart-view').then((module) => module.CountChart),
);
