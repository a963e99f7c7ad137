import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'grey' | 'orange' | 'blue' | 'purple';

const toneClass: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/25',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  grey: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  orange: 'bg-brand-100 text-brand-900 ring-brand-600/25',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'grey', className, ...props }: BadgeProps) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        toneClass[tone],
        className,
      )}
      {...props}
    />
  );
}
