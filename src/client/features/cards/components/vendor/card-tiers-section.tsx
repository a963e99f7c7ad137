import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import { cheapestPlanWith, featureNeedsPlanMessage } from '@shared/billing/plans';
import { MAX_TIERS, type TierBasis } from '@shared/cards/earn-rules';
import type { VendorCard } from '@shared/cards/vendor-cards';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { useSaveCardTiers } from '@client/features/cards/api/save-vendor-card';
import { tierPreview, type TierPreviewLine } from './card-form-rules';

interface LevelDraft {
  name: string;
  from: string;
  multiplier: string;
}

/** The preview's words for each of its parts. */
const TIER_PREVIEW_TEXTS: Record<TierPreviewLine['reach'] | TierPreviewLine['gives'], string> = {
  reachVisits: 'vendor:tiers.reachVisits',
  reachPoints: 'vendor:tiers.reachPoints',
  givesStamps: 'vendor:tiers.givesStamps',
  givesPoints: 'vendor:tiers.givesPoints',
};

const FIRST_LEVEL: LevelDraft = { name: 'Silver', from: '5', multiplier: '1.25' };

/**
 * A card's tiers (decision 087), saved on their own route beside the card's other rules: the
 * levels, and a live preview of what each gives through the server's rounding. Locked below the
 * plan that has them, naming it.
 */
/** The cheapest plan with tiers, named in the refusal below Premium. */
const TIERS_PLAN = cheapestPlanWith('tiers');

export function CardTiersSection({ card, allowed }: { card: VendorCard; allowed: boolean }) {
  const { t } = useTranslation('vendor');
  const save = useSaveCardTiers();
  const [basis, setBasis] = useState<TierBasis>(card.tiers?.basis ?? 'visits');
  const [levels, setLevels] = useState<LevelDraft[]>(
    card.tiers?.levels.map((level) => ({
      name: level.name,
      from: String(level.from),
      multiplier: String(level.multiplier),
    })) ?? [],
  );
  const preview = tierPreview(card, { basis, levels });
  const change = (index: number, field: keyof LevelDraft, value: string) =>
    setLevels((current) => current.map((level, at) => (at === index ? { ...level, [field]: value } : level)));
  const submit = (off: boolean) =>
    save.mutate({
      id: card.id,
      tiers: off
        ? null
        : {
            basis,
            levels: levels.map((level) => ({
              name: level.name,
              from: level.from === '' ? Number.NaN : Number(level.from),
              multiplier: level.multiplier === '' ? Number.NaN : Number(level.multiplier),
            })),
          },
    });

  return (
    <section
      aria-labelledby="card-tiers-title"
      className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-4"
      data-testid="card-tiers"
    >
      <h3 id="card-tiers-title" className="font-semibold text-stone-900">
        {t('vendor:tiers.title')}
      </h3>
      <p className="text-sm text-stone-600">{t('vendor:tiers.text')}</p>
      {!allowed ? (
        <p className="text-sm text-stone-700">
          {featureNeedsPlanMessage(TIERS_PLAN)}{' '}
          <Link to="/vendor/billing" className="font-medium text-brand-700 underline underline-offset-2">
            {t('vendor:form.seePlans')}
          </Link>
        </p>
      ) : (
        <>
          {card.earnKind === 'points' ? (
            <FormField label={t('vendor:tiers.basis')}>
              <Select value={basis} onChange={(event) => setBasis(event.target.value as TierBasis)}>
                <option value="visits">{t('vendor:tiers.basisVisits')}</option>
                <option value="points">{t('vendor:tiers.basisPoints')}</option>
              </Select>
            </FormField>
          ) : null}
          {levels.map((level, index) => (
            <div key={index} className="grid gap-2 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-end">
              <FormField label={t('vendor:tiers.name', { number: index + 1 })}>
                <Input
                  value={level.name}
                  maxLength={30}
                  onChange={(event) => change(index, 'name', event.target.value)}
                />
              </FormField>
              <FormField label={t('vendor:tiers.from')}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={level.from}
                  onChange={(event) => change(index, 'from', event.target.value)}
                />
              </FormField>
              <FormField label={t('vendor:tiers.multiplier')}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={3}
                  step={0.05}
                  value={level.multiplier}
                  onChange={(event) => change(index, 'multiplier', event.target.value)}
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                onClick={() => setLevels((current) => current.filter((_, at) => at !== index))}
              >
                {t('vendor:tiers.remove')}
              </Button>
            </div>
          ))}
          {levels.length < MAX_TIERS ? (
            <Button
              type="button"
              variant="secondary"
              className="self-start"
              onClick={() =>
                setLevels((current) => {
                  const last = current.at(-1);
                  if (!last) return [FIRST_LEVEL];
                  return [...current, { name: '', from: String(Number(last.from) * 3 || ''), multiplier: '1.5' }];
                })
              }
            >
              {t('vendor:tiers.add')}
            </Button>
          ) : null}
          {preview.length > 0 ? (
            <section aria-live="polite" className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
              <h4 className="font-semibold text-stone-900">{t('vendor:earnPreview.title')}</h4>
              <ul className="mt-1 list-disc ps-5">
                {preview.map((line, index) => (
                  <li key={index}>
                    {t(TIER_PREVIEW_TEXTS[line.reach], line.values)}: {t(TIER_PREVIEW_TEXTS[line.gives], line.values)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {save.error ? (
            <Banner tone="error" role="alert">
              {save.error.message}
            </Banner>
          ) : save.isSuccess ? (
            <Banner tone="success" role="status">
              {t('vendor:tiers.saved')}
            </Banner>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={save.isPending || levels.length === 0} onClick={() => submit(false)}>
              {t('vendor:tiers.save')}
            </Button>
            {card.tiers ? (
              <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => submit(true)}>
                {t('vendor:tiers.off')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
