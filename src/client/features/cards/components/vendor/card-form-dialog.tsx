import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { CREATABLE_CARD_TYPES, type CreatableCardType } from '@shared/cards/cards';
import { hourlyDealsLockedMessage } from '@shared/cards/hourly-deals';
import { cheapestPlanWithCardType } from '@shared/billing/plans';
import { cardFieldsSchema, type CardFields, type CardFieldsInput, type VendorCard } from '@shared/cards/vendor-cards';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { hasFieldErrors, showFieldErrors } from '@client/lib/form-errors';
import { useSaveVendorCard } from '@client/features/cards/api/save-vendor-card';
import { EARN_KINDS, MAX_EARLIER_MILESTONES, type EarnKind } from '@shared/cards/earn-rules';
import { CardTiersSection } from './card-tiers-section';
import { cardFieldsToSave, cardFormField, defaultsFor, earnPreview, type PreviewKind } from './card-form-rules';
import { useChoosableBranches } from '@client/components/vendor-area/use-vendor-branches';
import { BranchChoice } from '@client/components/vendor-area/branch-choice';

/** Each way of earning, as the card form names and explains it. */
const EARN_KIND_LABELS: Record<EarnKind, { label: string; text: string }> = {
  visit: { label: 'vendor:form.earnVisit', text: 'vendor:form.earnVisitText' },
  item: { label: 'vendor:form.earnItem', text: 'vendor:form.earnItemText' },
  points: { label: 'vendor:form.earnPoints', text: 'vendor:form.earnPointsText' },
};

/** The preview's words for each of its lines. */
const PREVIEW_TEXTS: Record<PreviewKind, string> = {
  visit: 'vendor:earnPreview.visit',
  item: 'vendor:earnPreview.item',
  points: 'vendor:earnPreview.points',
  minBill: 'vendor:earnPreview.minBill',
  headStart: 'vendor:earnPreview.headStart',
  headStartPoints: 'vendor:earnPreview.headStartPoints',
  milestone: 'vendor:earnPreview.milestone',
  lastReward: 'vendor:earnPreview.lastReward',
  pointsReward: 'vendor:earnPreview.pointsReward',
};

export interface CardFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new card. */
  card: VendorCard | null;
  onSaved: (card: VendorCard, message: string) => void;
  /** The card types the vendor's plan includes (the list API says). */
  allowedCardTypes: readonly CreatableCardType[];
  /** The plan includes Hourly Chaska deals (the list API says). */
  hourlyDeals: boolean;
  /** The plan includes tiers (decision 087); a saved card shows their section. */
  tiers: boolean;
}

/**
 * For each type the plan lacks, the plan that unlocks it ("Daily Chaska cards come with the
 * Standard plan and above."), so the form says what an upgrade adds instead of offering what the
 * server refuses. Nothing when the plan includes every type.
 */
function lockedTypesNote(t: TFunction, allowed: readonly CreatableCardType[]): ReactNode {
  const locked = CREATABLE_CARD_TYPES.filter((type) => !allowed.includes(type));
  if (locked.length === 0) return undefined;
  return (
    <>
      {locked
        .map((type) =>
          t('vendor:form.lockedType', {
            type: t(CARD_TYPE_NAME_KEYS[type]),
            plan: cheapestPlanWithCardType(type).name,
          }),
        )
        .join(' ')}{' '}
      <Link to="/vendor/billing" className="font-medium text-brand-700 underline underline-offset-2">
        {t('vendor:form.seePlans')}
      </Link>
    </>
  );
}

export function CardFormDialog({
  open,
  onOpenChange,
  card,
  onSaved,
  allowedCardTypes,
  hourlyDeals,
  tiers,
}: CardFormDialogProps) {
  const { t } = useTranslation('vendor');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={card ? t('vendor:form.editTitle') : t('vendor:cards.create')}
        description={card ? t('vendor:form.editDescription', { card: card.name }) : t('vendor:form.createDescription')}
        className="max-w-2xl"
      >
        {/* Remounted per card, so the form always starts from the card's saved values. */}
        <CardForm
          key={card?.id ?? 'new'}
          card={card}
          allowedCardTypes={allowedCardTypes}
          hourlyDeals={hourlyDeals}
          onCancel={() => onOpenChange(false)}
          onSaved={onSaved}
        />
        {card ? <CardTiersSection key={`tiers-${card.id}`} card={card} allowed={tiers} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CardForm({
  card,
  allowedCardTypes,
  hourlyDeals,
  onCancel,
  onSaved,
}: {
  card: VendorCard | null;
  allowedCardTypes: readonly CreatableCardType[];
  hourlyDeals: boolean;
  onCancel: () => void;
  onSaved: CardFormDialogProps['onSaved'];
}) {
  const { t } = useTranslation('vendor');
  const form = useForm<CardFieldsInput, unknown, CardFields>({
    resolver: zodResolver(cardFieldsSchema),
    defaultValues: defaultsFor(card, allowedCardTypes),
  });
  // A card kept from a plan that included its type still shows it; it can be edited, not activated.
  const offeredTypes = CREATABLE_CARD_TYPES.filter(
    (type) => allowedCardTypes.includes(type) || type === card?.cardType,
  );
  const save = useSaveVendorCard();
  // Which save button was pressed, for its spinner.
  const [saveAs, setSaveAs] = useState<'active' | 'draft'>('active');
  const { errors } = form.formState;
  const cardType = useWatch({ control: form.control, name: 'cardType' });
  // A Daily Chaska deal runs until its end; an Hourly Chaska deal from a start to an end on one day.
  const [dealKind, setDealKind] = useState<'daily' | 'hourly'>(card?.dealStartsAt ? 'hourly' : 'daily');
  const hourly = cardType === 'daily_chaska' && dealKind === 'hourly';
  // How the card earns (decision 085) and the live preview of what customers will live through.
  const earnKind = useWatch({ control: form.control, name: 'earnKind' }) ?? 'visit';
  const watched = useWatch({ control: form.control });
  const milestones = useFieldArray({ control: form.control, name: 'milestones' });
  // A chain may honour the card at chosen branches only (decision 089); one shop has nothing to choose.
  const branches = useChoosableBranches();
  const preview = earnPreview({
    earnKind,
    stampsRequired: watched.stampsRequired,
    pointsPer100Pkr: watched.pointsPer100Pkr,
    minBillPkr: watched.minBillPkr,
    maxItemsPerVisit: watched.maxItemsPerVisit,
    headStartStamps: watched.headStartStamps,
    rewardTitle: watched.rewardTitle,
    milestones: watched.milestones ?? [],
  });

  const persist = async (values: CardFields, mode: 'active' | 'draft') => {
    setSaveAs(mode);
    const fields = cardFieldsToSave(values);
    try {
      const saved = await save.mutateAsync(
        card ? { mode: 'edit', id: card.id, card: fields } : { mode: 'create', card: fields, saveAs: mode },
      );
      onSaved(
        saved,
        card
          ? t('vendor:form.saved', { card: saved.name })
          : mode === 'active'
            ? t('vendor:cards.activated', { card: saved.name })
            : t('vendor:form.savedDraft', { card: saved.name }),
      );
    } catch (error) {
      showFieldErrors(form.setError, error, cardFormField);
    }
  };
  // Enter in a field saves as Active on create (the main button), or saves the edit.
  const submitAs = (mode: 'active' | 'draft') => form.handleSubmit((values) => persist(values, mode));
  const chooseDealKind = (kind: string) => {
    setDealKind(kind === 'hourly' ? 'hourly' : 'daily');
    // The schema reads a start as an hourly deal: a daily deal sends none.
    if (kind !== 'hourly') form.setValue('dealStartsAt', '');
    form.clearErrors(['dealStartsAt', 'dealEndsAt', 'stockLeft']);
  };

  const number = { valueAsNumber: true } as const;
  return (
    <form noValidate onSubmit={(event) => void submitAs('active')(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('vendor:form.name')} required error={errors.name?.message}>
          <Input {...form.register('name')} placeholder={t('vendor:form.namePlaceholder')} />
        </FormField>
        <FormField
          label={t('vendor:form.type')}
          required
          error={errors.cardType?.message}
          hint={lockedTypesNote(t, allowedCardTypes)}
        >
          <Select {...form.register('cardType')}>
            {offeredTypes.map((type) => (
              <option key={type} value={type}>
                {t(CARD_TYPE_NAME_KEYS[type])}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField label={t('vendor:form.description')} error={errors.description?.message}>
        <Textarea {...form.register('description')} rows={2} placeholder={t('vendor:form.descriptionPlaceholder')} />
      </FormField>
      <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-900">{t('vendor:form.earnKind')}</legend>
        <RadioGroup
          aria-label={t('vendor:form.earnKind')}
          value={earnKind}
          onValueChange={(kind) => form.setValue('earnKind', kind as EarnKind)}
          className="sm:grid-cols-3"
          disabled={card !== null}
        >
          {EARN_KINDS.map((kind) => (
            <RadioGroupItem
              key={kind}
              value={kind}
              label={t(EARN_KIND_LABELS[kind].label)}
              description={t(EARN_KIND_LABELS[kind].text)}
            />
          ))}
        </RadioGroup>
        {card ? <p className="text-sm text-stone-600">{t('vendor:form.earnKindFixed')}</p> : null}
        {errors.earnKind?.message ? <p className="text-sm text-red-700">{errors.earnKind.message}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {earnKind === 'points' ? (
            <>
              <FormField label={t('vendor:form.pointsPer100Pkr')} required error={errors.pointsPer100Pkr?.message}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  {...form.register('pointsPer100Pkr', number)}
                />
              </FormField>
              <FormField label={t('vendor:form.minBillPkr')} error={errors.minBillPkr?.message}>
                <Input type="number" inputMode="numeric" min={0} {...form.register('minBillPkr', number)} />
              </FormField>
            </>
          ) : null}
          {earnKind === 'item' ? (
            <FormField label={t('vendor:form.maxItemsPerVisit')} required error={errors.maxItemsPerVisit?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={10}
                {...form.register('maxItemsPerVisit', number)}
              />
            </FormField>
          ) : null}
          <FormField
            label={t('vendor:form.headStart')}
            hint={t('vendor:form.headStartHint')}
            error={errors.headStartStamps?.message}
          >
            <Input type="number" inputMode="numeric" min={0} {...form.register('headStartStamps', number)} />
          </FormField>
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-stone-900">{t('vendor:form.milestones')}</p>
          <p className="text-sm text-stone-600">{t('vendor:form.milestonesHint')}</p>
          {milestones.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[8rem_1fr_8rem_auto]">
              <FormField label={t('vendor:form.milestoneAt')} error={errors.milestones?.[index]?.at?.message}>
                <Input type="number" inputMode="numeric" min={1} {...form.register(`milestones.${index}.at`, number)} />
              </FormField>
              <FormField
                label={t('vendor:form.milestoneTitle')}
                error={errors.milestones?.[index]?.rewardTitle?.message}
              >
                <Input {...form.register(`milestones.${index}.rewardTitle`)} />
              </FormField>
              <FormField
                label={t('vendor:form.milestoneValue')}
                error={errors.milestones?.[index]?.rewardValue?.message}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  {...form.register(`milestones.${index}.rewardValue`, number)}
                />
              </FormField>
              <Button variant="outline" size="sm" onClick={() => milestones.remove(index)}>
                {t('vendor:form.removeMilestone')}
              </Button>
            </div>
          ))}
          {milestones.fields.length < MAX_EARLIER_MILESTONES ? (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() =>
                milestones.append({
                  at: Math.max(1, Math.floor(Number(watched.stampsRequired) / 2) || 1),
                  rewardTitle: '',
                  rewardValue: 0,
                })
              }
            >
              {t('vendor:form.addMilestone')}
            </Button>
          ) : null}
        </div>
        <section aria-live="polite" className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
          <h4 className="font-semibold text-stone-900">{t('vendor:earnPreview.title')}</h4>
          <ul className="mt-1 list-disc ps-5">
            {preview.map((line, index) => (
              <li key={index}>{t(PREVIEW_TEXTS[line.key], line.values)}</li>
            ))}
          </ul>
        </section>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={earnKind === 'points' ? t('vendor:form.pointsRequired') : t('vendor:item.stampsRequired')}
          required
          hint={earnKind === 'points' ? undefined : t('vendor:form.stampsHint')}
          error={errors.stampsRequired?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={earnKind === 'points' ? 100_000 : 100}
            {...form.register('stampsRequired', number)}
          />
        </FormField>
        <FormField
          label={t('vendor:form.minMinutes')}
          required
          hint={t('vendor:form.minMinutesHint')}
          error={errors.minStampIntervalMinutes?.message}
        >
          <Input type="number" inputMode="numeric" min={0} {...form.register('minStampIntervalMinutes', number)} />
        </FormField>
        <FormField
          label={t('vendor:form.dailyStampCap')}
          required
          hint={t('vendor:form.dailyStampCapHint')}
          error={errors.dailyStampCap?.message}
        >
          <Input type="number" inputMode="numeric" min={1} max={100} {...form.register('dailyStampCap', number)} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('vendor:form.rewardTitle')} required error={errors.rewardTitle?.message}>
          <Input {...form.register('rewardTitle')} placeholder={t('vendor:form.rewardTitlePlaceholder')} />
        </FormField>
        <FormField label={t('vendor:form.rewardValue')} required error={errors.rewardValue?.message}>
          <Input type="number" inputMode="numeric" min={0} {...form.register('rewardValue', number)} />
        </FormField>
      </div>
      <FormField label={t('vendor:form.rewardDescription')} error={errors.rewardDescription?.message}>
        <Textarea
          {...form.register('rewardDescription')}
          rows={2}
          placeholder={t('vendor:form.rewardDescriptionPlaceholder')}
        />
      </FormField>
      <FormField
        label={t('vendor:form.expiry')}
        hint={t('vendor:form.expiryHint')}
        error={errors.rewardExpiryDays?.message}
      >
        <Input type="number" inputMode="numeric" min={1} max={365} {...form.register('rewardExpiryDays', number)} />
      </FormField>
      {branches.length > 1 ? (
        <BranchChoice
          legend={t('vendor:form.honouredAt')}
          branches={branches}
          value={watched.branchIds === undefined ? null : (watched.branchIds as string[] | null)}
          onChange={(branchIds) => form.setValue('branchIds', branchIds, { shouldDirty: true })}
          error={errors.branchIds?.message ?? errors.branchIds?.root?.message}
        />
      ) : null}
      {cardType === 'daily_chaska' ? (
        <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-stone-900">{t('vendor:form.deal')}</legend>
          <div className="sm:col-span-2">
            <RadioGroup
              aria-label={t('vendor:form.dealKind')}
              value={dealKind}
              onValueChange={chooseDealKind}
              className="sm:grid-cols-2"
            >
              <RadioGroupItem value="daily" label={BRAND.dailyName} description={t('vendor:form.dailyText')} />
              <RadioGroupItem
                value="hourly"
                label={BRAND.hourlyName}
                // A deal kept from a plan that included hourly deals can still be edited, not re-created.
                disabled={!hourlyDeals && !card?.dealStartsAt}
                description={
                  hourlyDeals || card?.dealStartsAt ? (
                    t('vendor:form.hourlyText')
                  ) : (
                    <>
                      {hourlyDealsLockedMessage()}{' '}
                      <Link to="/vendor/billing" className="font-medium text-brand-700 underline underline-offset-2">
                        {t('vendor:form.seePlans')}
                      </Link>
                    </>
                  )
                }
              />
            </RadioGroup>
          </div>
          <FormField label={t('vendor:form.dealPrice')} required error={errors.dealPrice?.message}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('dealPrice', number)} />
          </FormField>
          <FormField label={t('vendor:form.originalPrice')} required error={errors.originalPrice?.message}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('originalPrice', number)} />
          </FormField>
          <FormField label={t('vendor:details.stockLeft')} required error={errors.stockLeft?.message}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('stockLeft', number)} />
          </FormField>
          {hourly ? (
            <FormField
              label={t('vendor:details.dealStarts')}
              required
              hint={t('vendor:form.dealStartsHint')}
              error={errors.dealStartsAt?.message}
            >
              <Input type="datetime-local" {...form.register('dealStartsAt')} />
            </FormField>
          ) : null}
          <FormField
            label={t('vendor:details.dealEnds')}
            required
            hint={hourly ? t('vendor:form.sameDay') : undefined}
            error={errors.dealEndsAt?.message}
          >
            <Input type="datetime-local" {...form.register('dealEndsAt')} />
          </FormField>
        </fieldset>
      ) : null}
      {cardType === 'exclusive' ? (
        <FormField label={t('vendor:form.membershipFee')} required error={errors.membershipFeeYearly?.message}>
          <Input type="number" inputMode="numeric" min={0} {...form.register('membershipFeeYearly', number)} />
        </FormField>
      ) : null}
      {/* A refusal that names no field (the plan's card limit) shows beside the button that was
          pressed, not at the top of a form longer than a phone's screen. */}
      {save.error && !hasFieldErrors(save.error) ? (
        <Banner tone="error" title={t('vendor:form.notSaved')}>
          {save.error.message}
        </Banner>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          {t('vendor:form.cancel')}
        </Button>
        {card ? (
          <Button type="submit" busy={save.isPending}>
            {t('vendor:form.saveChanges')}
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              busy={save.isPending && saveAs === 'draft'}
              disabled={save.isPending}
              onClick={() => void submitAs('draft')()}
            >
              {t('vendor:form.saveDraft')}
            </Button>
            <Button type="submit" busy={save.isPending && saveAs === 'active'} disabled={save.isPending}>
              {t('vendor:form.saveActive')}
            </Button>
          </>
        )}
      </DialogFooter>
    </form>
  );
}
