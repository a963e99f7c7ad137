import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_HEIGHT } from '@client/components/charts/lazy-chart';

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
    <figure className="m-0">
      <div role="img" aria-label={summary} style={{ height }} className="w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12, fill: '#57534e' }}
              tickLine={false}
              axisLine={{ stroke: '#d6d3d1' }}
              minTickGap={12}
            />
            <YAxis
              domain={[1, 5]}
              ticks={[1, 2, 3, 4, 5]}
              tick={{ fontSize: 12, fill: '#57534e' }}
              tickLine={false}
              axisLine={false}
              width={40}
            />
            <Tooltip contentStyle={{ borderRadius: 8, borderColor: '#e7e5e4', fontSize: 13 }} />
            <Line type="monotone" dataKey="average" name="Average rating" stroke="#c2410c" strokeWidth={2} dot />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
