import type { ReactNode } from 'react';
import { Bar, Legend } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

/** The chart's look, shared by every Recharts chart of the app. */
export const CHART_GRID = { strokeDasharray: '3 3', vertical: false, stroke: '#e7e5e4' } as const;
export const CHART_X_AXIS = {
  dataKey: 'label',
  tick: { fontSize: 12, fill: '#57534e' },
  tickLine: false,
  axisLine: { stroke: '#d6d3d1' },
  minTickGap: 12,
} as const;
export const CHART_Y_TICK = { fontSize: 12, fill: '#57534e' } as const;
export const CHART_TOOLTIP_STYLE = { borderRadius: 8, borderColor: '#e7e5e4', fontSize: 13 } as const;

/**
 * A chart as screen readers meet it: one image named by its summary (the drawing itself is
 * hidden from them), sized to its box so it works at 360 px.
 */
export function ChartFrame({ summary, height, children }: { summary: string; height: number; children: ReactNode }) {
  return (
    <figure className="m-0">
      <div role="img" aria-label={summary} style={{ height }} className="w-full min-w-0">
        {children}
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

/** The legend, once a chart draws more than one series. */
export function seriesLegend(series: readonly ChartSeries[]) {
  return series.length > 1 ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null;
}

/** A bar per series, rounded on top, with their legend. */
export function seriesBars(series: readonly ChartSeries[], maxBarSize: number) {
  return (
    <>
      {seriesLegend(series)}
      {series.map((item) => (
        <Bar
          key={item.key}
          dataKey={item.key}
          name={item.label}
          fill={item.colour}
          radius={[3, 3, 0, 0]}
          maxBarSize={maxBarSize}
        />
      ))}
    </>
  );
}
