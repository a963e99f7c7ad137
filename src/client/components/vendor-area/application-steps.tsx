import { clsx } from 'clsx';
import { useTranslation } from '@client/lib/translation';

const STEPS = ['common:apply.step.account', 'common:apply.step.shop', 'common:apply.step.review'] as const;

/**
 * Where a shop owner is on the way to a vendor account: the account (/auth), the shop
 * (/vendor-signup's form), the review ("what happens next"). Each of the three screens shows it,
 * so they read as one path.
 */
export function ApplicationSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('common');
  return (
    <ol aria-label={t('common:apply.steps')} className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
      {STEPS.map((key, index) => {
        const step = index + 1;
        const isCurrent = step === current;
        const reached = step <= current;
        return (
          <li
            key={key}
            aria-current={isCurrent ? 'step' : undefined}
            className={clsx(
              'flex items-center gap-2 text-sm',
              isCurrent ? 'font-semibold text-stone-900' : 'text-stone-600',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'flex size-6 items-center justify-center rounded-full text-xs font-bold',
                reached ? 'bg-brand-700 text-white' : 'border border-stone-300 text-stone-600',
              )}
            >
              {step}
            </span>
            {t(key)}
          </li>
        );
      })}
    </ol>
  );
}
