import type { ReactNode } from 'react';
import { Trans, useTranslation } from '@client/lib/translation';
import { formatClock } from '@shared/pakistan-time';
import { useNow } from '@client/lib/use-now';
import '@client/lib/customer-texts';

/**
 * The "this is live" frame of a reward code: a ring that keeps turning, a bar that keeps moving
 * and a clock that ticks every second. Staff see at a glance that it is not a screenshot; the
 * code inside also rotates and expires within a minute.
 */
export function LiveRewardFrame({ children, vendorName }: { children: ReactNode; vendorName: string }) {
  const { t } = useTranslation('customer');
  const now = useNow(1_000);
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative w-full overflow-hidden rounded-2xl p-2">
        <div
          aria-hidden="true"
          className="absolute -inset-1/2 animate-[spin_4s_linear_infinite] bg-[conic-gradient(from_0deg,var(--color-brand-700),var(--color-brand-300),#16a34a,var(--color-brand-700))]"
        />
        <div className="relative rounded-xl bg-white p-2">{children}</div>
      </div>
      <div className="flex w-full flex-col items-center gap-2">
        <p className="text-sm font-semibold text-stone-800">
          <Trans
            i18nKey="customer:reward.liveAt"
            values={{ vendor: vendorName }}
            components={{ vendor: <span className="text-brand-800" /> }}
          />
        </p>
        {/* A clock reads left to right in Urdu too: without it "9:54:51 am" shows as "am 9:54:51". */}
        <p
          dir="ltr"
          className="font-mono text-2xl font-bold text-stone-900 tabular-nums"
          aria-label={t('customer:reward.clockLabel')}
        >
          {formatClock(now)}
        </p>
        <div aria-hidden="true" className="h-1.5 w-full max-w-72 overflow-hidden rounded-full bg-brand-100">
          <div className="h-full w-2/5 animate-progress rounded-full bg-brand-700" />
        </div>
      </div>
    </div>
  );
}
