import { CHART_HEIGHT } from '@client/components/charts/lazy-chart';
import {
  CHART_GRID,
  CHART_TOOLTIP_STYLE,
  CHART_X_AXIS,
  CHART_Y_TICK,
  ChartFrame,
  seriesBars,
  seriesLegend,
  type ChartSeries,
} from '@client/components/charts/chart-frame';
import { BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartProps {
  data: Array<Record<string, string | number>>;
  series: ChartSeries[];
  /** Read by screen readers in place of the drawing. */
  summary: string;
  xKey?: string;
  height?: number;
  formatValue?: (value: number) => string;
}

const MARGIN = { top: 8, right: 8, bottom: 0, left: -12 };

/** Both charts read values the same way: whole counts, written by `formatValue` when given. */
function valueAxis(formatValue: ChartProps['formatValue']) {
  return {
    allowDecimals: false,
    tick: CHART_Y_TICK,
    tickLine: false,
    axisLine: false,
    width: 52,
    tickFormatter: formatValue,
  };
}

function valueTooltip(formatValue: ChartProps['formatValue']) {
  return {
    contentStyle: CHART_TOOLTIP_STYLE,
    formatter: formatValue ? (value: unknown) => formatValue(Number(value)) : undefined,
  };
}

/** Counts per day as lines (Recharts), sized to its box so it works at 360 px. */
export function TrendChart({ data, series, summary, xKey = 'label', height = CHART_HEIGHT, formatValue }: ChartProps) {
  return (
    <ChartFrame summary={summary} height={height}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={MARGIN}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis {...CHART_X_AXIS} dataKey={xKey} minTickGap={16} />
          <YAxis {...valueAxis(formatValue)} />
          <Tooltip {...valueTooltip(formatValue)} />
          {seriesLegend(series)}
          {series.map((item) => (
            <Line
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.label}
              stroke={item.colour}
              strokeWidth={2}
              dot={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Bars per day, city or category. */
export function BarsChart({ data, series, summary, xKey = 'label', height = CHART_HEIGHT, formatValue }: ChartProps) {
  return (
    <ChartFrame summary={summary} height={height}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={MARGIN}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis {...CHART_X_AXIS} dataKey={xKey} minTickGap={8} interval="preserveStartEnd" />
          <YAxis {...valueAxis(formatValue)} />
          <Tooltip cursor={{ fill: '#fff7ed' }} {...valueTooltip(formatValue)} />
          {seriesBars(series, 36)}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
