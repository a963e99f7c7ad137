import { lazyChart } from '@client/components/charts/lazy-chart';
import type { CountChartProps } from './stamps-chart';

/** The bar chart of counts over time, loaded with Recharts when a screen first shows it. */
export const CountChart = lazyChart<CountChartProps>(() =>
  import('./stamps-chart').then((module) => module.CountChart),
);
