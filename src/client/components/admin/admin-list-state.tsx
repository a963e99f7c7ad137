import type { ReactNode } from 'react';
import { Spinner } from '@client/components/ui/spinner';

export interface AdminListStateProps {
  pending: boolean;
  /** Left out, a failed load shows the empty state. */
  failed?: boolean;
  empty: boolean;
  /** What is loading, for screen readers: "Loading vendors". */
  loadingLabel: string;
  errorText?: string;
  emptyState: ReactNode;
  /** The table, shown once there are rows. */
  children: ReactNode;
}

/** The loading, failed and empty states every admin list shares, then its table. */
export function AdminListState({
  pending,
  failed,
  empty,
  loadingLabel,
  errorText,
  emptyState,
  children,
}: AdminListStateProps) {
  if (pending) {
    return (
      <div className="flex justify-center p-8 text-brand-700">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (failed) {
    return (
      <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
        {errorText}
      </p>
    );
  }
  if (empty) return <div className="px-4 pb-4 sm:px-6">{emptyState}</div>;
  return <div className="border-t border-stone-200">{children}</div>;
}
