import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

const toneClass: Record<BannerTone, string> = {
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  warning: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  error: 'border-red-200 bg-red-50 text-red-900',
};

const toneIcon: Record<BannerTone, typeof Info> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
};

export interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link, placed beside the text on wide screens and below it on phones. */
  action?: ReactNode;
  /** Errors interrupt (alert); everything else is announced politely (status). */
  role?: 'alert' | 'status' | 'none';
  className?: string;
}

export function Banner({ tone = 'info', title, children, action, role, className }: BannerProps) {
  const Icon = toneIcon[tone];
  const resolvedRole = role ?? (tone === 'error' ? 'alert' : 'status');
  return (
    <div
      role={resolvedRole === 'none' ? undefined : resolvedRole}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        toneClass[tone],
        className,
      )}
    >
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 text-sm">
          {title !== undefined ? <p className="font-semibold">{title}</p> : null}
          {children !== undefined ? <div className={clsx(title !== undefined && 'mt-1')}>{children}</div> : null}
        </div>
      </div>
      {action !== undefined ? <div className="flex shrink-0 flex-wrap gap-2 ps-8 sm:ps-0">{action}</div> : null}
    </div>
  );
}
