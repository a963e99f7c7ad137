import { CHART_HEIGHT } from '@client/components/charts/lazy-chart';
import {
  CHART_GRID,
  CHART_TOOLTIP_STYLE,
  CHART_X_AXIS,
  CHART_Y_TICK,
  ChartFrame,
  seriesBars,
  type ChartSeries,
} from '@client/components/charts/chart-frame';
import { BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface CountChartProps {
  /** Each point has `label` plus one number per series key. */
  data: Array<Record<string, string | number>>;
  series: ChartSeries[];
  /** Read by screen readers in place of the drawing. */
  summary: string;
  height?: number;
}

/** A bar chart of counts over time (Recharts), sized to its box so it works at 360 px. */
export function CountChart({ data, series, summary, height = CHART_HEIGHT }: CountChartProps) {
  return (
    <ChartFrame summary={summary} height={height}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis {...CHART_X_AXIS} />
          <YAxis allowDecimals={false} tick={CHART_Y_TICK} tickLine={false} axisLine={false} width={48} />
          <Tooltip cursor={{ fill: '#fff7ed' }} contentStyle={CHART_TOOLTIP_STYLE} />
          {seriesBars(series, 40)}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
