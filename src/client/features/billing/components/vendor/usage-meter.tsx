import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import { isUnlimited } from '@shared/billing/plans';

const unlimitedKey = (limit: number) => (isUnlimited(limit) ? 'vendor:usage.unlimited' : 'vendor:usage.ofLimit');

/** "2 of 5" with a bar, or "Unlimited" when the plan has no cap (-1). */
export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const { t } = useTranslation('vendor');
  const labelId = useId();
  const counts = { used: formatNumber(used), limit: formatNumber(limit) };
  const reading = t(unlimitedKey(limit), counts);
  const unlimited = isUnlimited(limit);
  const ratio = unlimited || limit <= 0 ? 0 : Math.min(1, used / limit);
  const full = !unlimited && used >= limit;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-stone-700">
          {label}
        </span>
        <span className={clsx('tabular-nums', full ? 'font-semibold text-red-700' : 'text-stone-900')}>{reading}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={unlimited ? undefined : limit}
        aria-valuenow={unlimited ? undefined : Math.min(used, limit)}
        aria-valuetext={reading}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width]',
            unlimited ? 'w-full bg-green-200' : full ? 'bg-red-600' : ratio >= 0.8 ? 'bg-yellow-500' : 'bg-brand-600',
          )}
          style={unlimited ? undefined : { width: `${Math.round(ratio * 100)}%` }}
        />
      </div>
    </div>
  );
}
