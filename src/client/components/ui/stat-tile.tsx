import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface StatTileProps {
  label: string;
  value: ReactNode;
  /** A short line under the value, such as a comparison or a limit. */
  hint?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function StatTile({ label, value, hint, icon, className }: StatTileProps) {
  return (
    <div className={clsx('min-w-0 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        {/* dt/dd so a row of tiles reads as label-value pairs to a screen reader. */}
        <dl className="min-w-0">
          {/* Two lines before it clips: "Rewards Redeemed" must stay readable in a 360 px half-width tile. */}
          <dt className="line-clamp-2 text-sm font-medium break-words text-stone-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-stone-900 tabular-nums">{value}</dd>
          {hint !== undefined ? <dd className="mt-1 text-xs text-stone-600">{hint}</dd> : null}
        </dl>
        {icon !== undefined ? (
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5"
          >
            {icon}
          </span>
        ) : null}
      </div>
    </div>
  );
}
