import { lazy, Suspense, type ComponentType } from 'react';

/** The height of a chart that names none: the placeholder and the chart agree, so nothing jumps. */
export const CHART_HEIGHT = 260;

export interface ChartBoxProps {
  /** Read by screen readers in place of the drawing. */
  summary: string;
  height?: number;
}

/** The chart's box while its code downloads: same size, same name for screen readers. */
export function ChartPlaceholder({ summary, height = CHART_HEIGHT }: ChartBoxProps) {
  return (
    <figure className="m-0">
      <div
        role="img"
        aria-label={summary}
        aria-busy="true"
        style={{ height }}
        className="w-full min-w-0 animate-pulse rounded-lg bg-stone-100"
      />
    </figure>
  );
}

/**
 * A chart component whose code (and Recharts, about 110 kB gzip) downloads only when it first
 * renders, so no page's first download carries the chart library; the build checks this.
 */
export function lazyChart<P extends ChartBoxProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Chart = lazy(async () => ({ default: await load() }));
  function LazyChart(props: P) {
    return (
      <Suspense fallback={<ChartPlaceholder summary={props.summary} height={props.height} />}>
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}
