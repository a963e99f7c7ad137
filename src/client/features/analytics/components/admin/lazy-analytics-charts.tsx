import { lazyChart } from '@client/components/charts/lazy-chart';
import type { ChartProps } from './analytics-charts';

const charts = () => import('./analytics-charts');

/** The platform analytics charts, loaded with Recharts when the page first shows them. */
export const TrendChart = lazyChart<ChartProps>(() => charts().then((module) => module.TrendChart));
export const BarsChart = lazyChart<ChartProps>(() => charts().then((module) => module.BarsChart));
