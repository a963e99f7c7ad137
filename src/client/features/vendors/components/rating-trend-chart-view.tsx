import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_HEIGHT } from '@client/components/charts/lazy-chart';
import {
  CHART_GRID,
  CHART_TOOLTIP_STYLE,
  CHART_X_AXIS,
  CHART_Y_TICK,
  ChartFrame,
} from '@client/components/charts/chart-frame';

export interface RatingTrendChartProps {
  /** One point per week: its label and the week's average (null: no ratings that week). */
  data: Array<{ label: string; average: number | null }>;
  /** Read by screen readers in place of the drawing; the table beside it has the numbers. */
  summary: string;
  height?: number;
}

/** The average rating per week (Recharts), on a fixed 1 to 5 scale, gaps where nobody rated. */
export function RatingTrendChart({ data, summary, height = CHART_HEIGHT }: RatingTrendChartProps) {
  return (
    <ChartFrame summary={summary} height={height}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis {...CHART_X_AXIS} />
          <YAxis
            domain={[1, 5]}
            ticks={[1, 2, 3, 4, 5]}
            tick={CHART_Y_TICK}
            tickLine={false}
            axisLine={false}
            width={40}
          />
          <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
          <Line type="monotone" dataKey="average" name="Average rating" stroke="#c2410c" strokeWidth={2} dot />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
