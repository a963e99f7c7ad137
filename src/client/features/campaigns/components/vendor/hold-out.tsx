import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import {
  DEFAULT_HOLD_OUT_PERCENT,
  HOLD_OUT_CHOICES,
  LIFT_MIN_GROUP,
  type HoldOutResult,
} from '@shared/campaigns/hold-out';
import { formatNumber, formatPKR } from '@shared/number-format';
import '@client/features/campaigns/campaigns-texts';
import { Button } from '@client/components/ui/button';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useSaveAverageSpend } from '@client/features/analytics/api/save-average-spend';

/** The hold-out share, chosen per send (decision 083): none, or 5 to 20%, 10% recommended. */
export function HoldOutSelect({
  value,
  onChange,
  hint,
  error,
  disabled,
}: {
  value: number;
  onChange: (percent: number) => void;
  hint: string;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <FormField label={t('campaigns:composer.holdOut')} hint={hint} error={error}>
      <Select value={String(value)} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))}>
        {HOLD_OUT_CHOICES.map((percent) => (
          <option key={percent} value={percent}>
            {percent === 0
              ? t('campaigns:composer.holdOutNone')
              : percent === DEFAULT_HOLD_OUT_PERCENT
                ? t('campaigns:composer.holdOutRecommended', { percent })
                : t('campaigns:composer.holdOutShare', { percent })}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** "+12.3", "−4.1", "0": a signed figure of points. */
function signed(value: number): string {
  if (value === 0) return formatNumber(0);
  return `${value > 0 ? '+' : '−'}${formatNumber(Math.abs(value))}`;
}

/**
 * What a send brought against its hold-out group: the groups, each window's return rates and, once
 * both groups are large enough, the lift with its 95% interval, the extra visits and their rupees.
 */
export function LiftSummary({ lift, averageSpendRupees }: { lift: HoldOutResult; averageSpendRupees: number | null }) {
  const { t } = useTranslation('campaigns');
  return (
    <div className="flex flex-col gap-3 text-sm text-stone-800" data-testid="lift-summary">
      <p>{t('campaigns:lift.groups', { received: lift.received, heldOut: lift.heldOut, percent: lift.percent })}</p>
      {lift.enough ? null : (
        <p className="font-medium text-stone-900">{t('campaigns:lift.notEnough', { min: LIFT_MIN_GROUP })}</p>
      )}
      <dl className="grid gap-3 sm:grid-cols-2">
        {lift.windows.map((window) => (
          <div key={window.days} className="rounded-lg bg-stone-50 px-3 py-2 ring-1 ring-stone-200">
            <dt className="font-medium text-stone-900">
              {t(window.complete ? 'campaigns:lift.window' : 'campaigns:lift.windowOpen', { days: window.days })}
            </dt>
            <dd className="flex flex-col gap-1">
              <span>
                {t('campaigns:lift.rates', {
                  received: formatNumber(window.receivedRate),
                  heldOut: formatNumber(window.heldOutRate),
                })}
              </span>
              {window.lift ? (
                <strong className="text-stone-900">
                  {t('campaigns:lift.lift', {
                    points: signed(window.lift.points),
                    lower: signed(window.lift.lower),
                    upper: signed(window.lift.upper),
                  })}
                </strong>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {lift.extraVisits !== null ? (
        <p>
          <strong className="text-stone-900">{t('campaigns:lift.extraVisits', { count: lift.extraVisits })}</strong>
          {' · '}
          {lift.estimatedRupees !== null && averageSpendRupees !== null
            ? t('campaigns:lift.rupees', {
                amount: formatPKR(lift.estimatedRupees),
                spend: formatPKR(averageSpendRupees),
              })
            : t('campaigns:lift.noSpend')}
        </p>
      ) : null}
    </div>
  );
}

/** The owner's average spend per visit: what turns extra visits into rupees. */
export function AverageSpendForm({ value, onSaved }: { value: number | null; onSaved: () => void }) {
  const { t } = useTranslation('campaigns');
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  const save = useSaveAverageSpend(onSaved);
  const error = save.error instanceof ApiError ? save.error.fields?.averageSpendRupees : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = draft.trim();
    save.mutate({ averageSpendRupees: trimmed === '' ? null : Number(trimmed) });
  }
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
      <FormField
        label={t('campaigns:lift.spend.label')}
        hint={t('campaigns:lift.spend.hint')}
        error={error}
        className="w-full sm:w-72"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          value={draft}
          onChange={(event) => {
            save.reset();
            setDraft(event.target.value);
          }}
        />
      </FormField>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {t('campaigns:lift.spend.save')}
      </Button>
      {save.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          {t('campaigns:lift.spend.saved')}
        </p>
      ) : null}
      {save.isError && !error ? (
        <p role="alert" className="text-sm text-red-800">
          {save.error instanceof ApiError ? save.error.message : t('campaigns:error')}
        </p>
      ) : null}
    </form>
  );
}
