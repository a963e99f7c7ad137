import type { ReactElement } from 'react';
import { CHART_HEIGHT } from '@client/components/charts/lazy-chart';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface Series {
  key: string;
  label: string;
  colour: string;
}

export interface ChartProps {
  data: Array<Record<string, string | number>>;
  series: Series[];
  /** Read by screen readers in place of the drawing. */
  summary: string;
  xKey?: string;
  height?: number;
  formatValue?: (value: number) => string;
}

const axisTick = { fontSize: 12, fill: '#57534e' };

function Frame({ summary, height, children }: { summary: string; height: number; children: ReactElement }) {
  return (
    <figure className="m-0">
      <div role="img" aria-label={summary} style={{ height }} className="w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

/** Counts per day as lines (Recharts), sized to its box so it works at 360 px. */
export function TrendChart({ data, series, summary, xKey = 'label', height = CHART_HEIGHT, formatValue }: ChartProps) {
  return (
    <Frame summary={summary} height={height}>
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
        <XAxis dataKey={xKey} tick={axisTick} tickLine={false} axisLine={{ stroke: '#d6d3d1' }} minTickGap={16} />
        <YAxis
          allowDecimals={false}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={52}
          tickFormatter={formatValue}
        />
        <Tooltip
          contentStyle={{ borderRadius: 8, borderColor: '#e7e5e4', fontSize: 13 }}
          formatter={formatValue ? (value) => formatValue(Number(value)) : undefined}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null}
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
    </Frame>
  );
}

/** Bars per day, city or category. */
export function BarsChart({ data, series, summary, xKey = 'label', height = CHART_HEIGHT, formatValue }: ChartProps) {
  return (
    <Frame summary={summary} height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
        <XAxis
          dataKey={xKey}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: '#d6d3d1' }}
          minTickGap={8}
          interval="preserveStartEnd"
        />
        <YAxis
          allowDecimals={false}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={52}
          tickFormatter={formatValue}
        />
        <Tooltip
          cursor={{ fill: '#fff7ed' }}
          contentStyle={{ borderRadius: 8, borderColor: '#e7e5e4', fontSize: 13 }}
          formatter={formatValue ? (value) => formatValue(Number(value)) : undefined}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null}
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={item.colour}
            radius={[3, 3, 0, 0]}
            maxBarSize={36}
          />
        ))}
      </BarChart>
    </Frame>
  );
}
