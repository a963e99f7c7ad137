import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import {
  MARKETING_CHOICES,
  STAMPS_PER_VISIT_CAP,
  vendorProfileSchema,
  type VendorProfile,
  type VendorProfileInput,
} from '@shared/vendors/vendor-profile';
import {
  cheapestPlanWithQrStyle,
  featureNeedsPlanMessage,
  planAllowsQrStyle,
  type QrStyleLevel,
} from '@shared/billing/plans';
import { qrColoursProblem, STANDARD_QR_COLOURS } from '@shared/stamps/qr-style';
import { Link } from 'react-router';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { hasFieldErrors, showFieldErrors } from '@client/lib/form-errors';
import { useUpdateVendorProfile } from '@client/features/vendors/api/update-vendor-profile';
import { ShopPinField } from './shop-pin-field';
import { OpeningHoursFields } from './opening-hours-fields';
import { CityOptions, VendorCategoryOptions } from '@client/components/place-options';

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

const HEX = /^#[0-9a-f]{6}$/i;

const MARKETING_KEYS: Record<(typeof MARKETING_CHOICES)[number]['field'], string> = {
  allowFeature: 'vendor:profile.marketing.allowFeature',
  allowPromotions: 'vendor:profile.marketing.allowPromotions',
  wantsMarketingTips: 'vendor:profile.marketing.wantsMarketingTips',
  wantsPlatformUpdates: 'vendor:profile.marketing.wantsPlatformUpdates',
};

/** A swatch of the code's colours as typed (the standard ones while a field is empty or not a colour yet). */
function QrColourPreview({
  foreground,
  background,
}: {
  foreground: string | undefined;
  background: string | undefined;
}) {
  const dark = foreground && HEX.test(foreground) ? foreground : STANDARD_QR_COLOURS.foreground;
  const light = background && HEX.test(background) ? background : STANDARD_QR_COLOURS.background;
  return (
    <div
      aria-hidden="true"
      className="flex w-fit items-center gap-1.5 rounded-lg border border-stone-200 p-2"
      style={{ backgroundColor: light }}
    >
      {[1, 0, 1, 1, 0, 1].map((on, index) => (
        <span key={index} className="size-4 rounded-sm" style={{ backgroundColor: on ? dark : light }} />
      ))}
    </div>
  );
}

/** Every SPEC.md profile field; staff see it read-only (the API refuses their saves too). */
/** The owner's choices for stamps per order: 1 (one a visit, off) up to the cap. */
const STAMPS_PER_VISIT_CHOICES = Array.from({ length: STAMPS_PER_VISIT_CAP }, (_, index) => index + 1);

export function ProfileForm({
  profile,
  slug,
  canEdit,
  qrStyle,
}: {
  profile: VendorProfile;
  slug: string;
  canEdit: boolean;
  qrStyle: QrStyleLevel;
}) {
  const { t } = useTranslation('vendor');
  const form = useForm<VendorProfileInput, unknown, VendorProfile>({
    resolver: zodResolver(vendorProfileSchema),
    defaultValues: profile,
  });
  const save = useUpdateVendorProfile();
  const { errors } = form.formState;
  const address = useWatch({ control: form.control, name: ['address', 'area', 'city'] })
    .filter(Boolean)
    .join(', ');
  const [qrForeground, qrBackground] = useWatch({ control: form.control, name: ['qrForeground', 'qrBackground'] });
  // "Saved" until the owner edits again. Not !isDirty: a closed day's disabled times have no value
  // in the form, so a profile with a closed day never reads as clean.
  const [justSaved, setJustSaved] = useState(false);
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') setJustSaved(false);
        },
      }),
    [subscribe],
  );

  const submit = form.handleSubmit(async (values) => {
    // The same check the server makes, shown before the round trip.
    const problem =
      values.qrForeground || values.qrBackground
        ? qrColoursProblem(
            values.qrForeground || STANDARD_QR_COLOURS.foreground,
            values.qrBackground || STANDARD_QR_COLOURS.background,
          )
        : null;
    if (problem) {
      form.setError(problem.field, { message: problem.message });
      return;
    }
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.profile);
      setJustSaved(true);
    } catch (error) {
      showFieldErrors(form.setError, error);
    }
  });

  const customQrColours = planAllowsQrStyle({ qrStyle }, 'custom');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <fieldset disabled={!canEdit || save.isPending} className="flex min-w-0 flex-col gap-6">
        <Card title={t('vendor:profile.business')}>
          <div className="flex flex-col gap-4">
            <Grid>
              <FormField label={t('vendor:profile.businessName')} required error={errors.businessName?.message}>
                <Input {...form.register('businessName')} autoComplete="organization" />
              </FormField>
              <FormField label={t('vendor:profile.category')} required error={errors.businessCategory?.message}>
                <Select {...form.register('businessCategory')}>
                  <VendorCategoryOptions />
                </Select>
              </FormField>
            </Grid>
            <FormField label={t('vendor:profile.businessDescription')} error={errors.businessDescription?.message}>
              <Textarea {...form.register('businessDescription')} rows={3} />
            </FormField>
            <FormField label={t('vendor:profile.website')} error={errors.website?.message}>
              <Input type="url" {...form.register('website')} placeholder={t('vendor:profile.websitePlaceholder')} />
            </FormField>
          </div>
        </Card>

        <Card title={t('vendor:profile.contact')}>
          <Grid>
            <FormField label={t('vendor:profile.contactPerson')} error={errors.contactPerson?.message}>
              <Input {...form.register('contactPerson')} autoComplete="name" />
            </FormField>
            <FormField label={t('vendor:profile.email')} error={errors.contactEmail?.message}>
              <Input type="email" {...form.register('contactEmail')} autoComplete="email" />
            </FormField>
            <FormField label={t('vendor:profile.phone')} required error={errors.phone?.message}>
              <Input
                type="tel"
                {...form.register('phone')}
                autoComplete="tel"
                placeholder={t('vendor:profile.phonePlaceholder')}
              />
            </FormField>
            <FormField label={t('vendor:profile.whatsapp')} error={errors.whatsapp?.message}>
              <Input type="tel" {...form.register('whatsapp')} placeholder={t('vendor:profile.phonePlaceholder')} />
            </FormField>
          </Grid>
        </Card>

        <Card title={t('vendor:profile.location')}>
          <div className="flex flex-col gap-4">
            <FormField label={t('vendor:profile.street')} required error={errors.address?.message}>
              <Input {...form.register('address')} autoComplete="street-address" />
            </FormField>
            <Grid>
              <FormField label={t('vendor:profile.city')} required error={errors.city?.message}>
                <Select {...form.register('city')}>
                  <CityOptions />
                </Select>
              </FormField>
              <FormField label={t('vendor:profile.area')} required error={errors.area?.message}>
                <Input {...form.register('area')} />
              </FormField>
            </Grid>
            <a
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex w-fit items-center gap-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <MapPin aria-hidden="true" className="size-4" /> {t('vendor:profile.checkMap')}
            </a>
            <ShopPinField control={form.control} />
            <OpeningHoursFields form={form} />
          </div>
        </Card>

        <Card title={t('vendor:profile.social')}>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t('vendor:profile.facebook')} error={errors.facebookPage?.message}>
              <Input
                type="url"
                {...form.register('facebookPage')}
                placeholder={t('vendor:profile.facebookPlaceholder')}
              />
            </FormField>
            <FormField label={t('vendor:profile.instagram')} error={errors.instagramHandle?.message}>
              <Input {...form.register('instagramHandle')} placeholder={t('vendor:profile.handlePlaceholder')} />
            </FormField>
            <FormField label={t('vendor:profile.twitter')} error={errors.twitterHandle?.message}>
              <Input {...form.register('twitterHandle')} placeholder={t('vendor:profile.handlePlaceholder')} />
            </FormField>
          </div>
        </Card>

        <Card title={t('vendor:profile.qr')}>
          {customQrColours ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-stone-600">{t('vendor:profile.qrText')}</p>
              <Grid>
                <FormField
                  label={t('vendor:profile.qrColour')}
                  hint={t('vendor:profile.qrColourHint')}
                  error={errors.qrForeground?.message}
                >
                  <Input
                    {...form.register('qrForeground')}
                    placeholder={t('vendor:profile.qrColourPlaceholder')}
                    spellCheck={false}
                  />
                </FormField>
                <FormField
                  label={t('vendor:profile.qrBackground')}
                  hint={t('vendor:profile.qrBackgroundHint')}
                  error={errors.qrBackground?.message}
                >
                  <Input
                    {...form.register('qrBackground')}
                    placeholder={t('vendor:profile.qrBackgroundPlaceholder')}
                    spellCheck={false}
                  />
                </FormField>
              </Grid>
              <QrColourPreview foreground={qrForeground} background={qrBackground} />
            </div>
          ) : (
            <p className="text-sm text-stone-700">
              {t('vendor:profile.qrLocked', { message: featureNeedsPlanMessage(cheapestPlanWithQrStyle('custom')) })}{' '}
              <Link to="/vendor/billing" className="font-medium text-brand-800 underline underline-offset-2">
                {t('vendor:deal.seePlans')}
              </Link>
            </p>
          )}
        </Card>

        <Card title={t('vendor:profile.marketing')}>
          <div className="flex flex-col gap-3">
            {MARKETING_CHOICES.map((choice) => (
              <label key={choice.field} className="flex items-start gap-3 text-sm text-stone-800">
                <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register(choice.field)} />
                {t(MARKETING_KEYS[choice.field])}
              </label>
            ))}
            <label className="flex items-start gap-3 text-sm text-stone-800">
              <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register('stampByPhone')} />
              {t('vendor:profile.stampByPhone')}
            </label>
            <FormField
              label={t('vendor:profile.maxStampsPerVisit')}
              hint={t('vendor:profile.maxStampsPerVisitHint')}
              error={errors.maxStampsPerVisit?.message}
              className="sm:w-80"
            >
              <Select {...form.register('maxStampsPerVisit', { valueAsNumber: true })}>
                {STAMPS_PER_VISIT_CHOICES.map((max) => (
                  <option key={max} value={max}>
                    {max === 1
                      ? t('vendor:profile.stampsPerVisitOne')
                      : t('vendor:profile.stampsPerVisitUpTo', { max })}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
        </Card>
      </fieldset>

      {justSaved ? <Banner tone="success">{t('vendor:profile.saved')}</Banner> : null}
      {save.error && !hasFieldErrors(save.error) ? <Banner tone="error">{save.error.message}</Banner> : null}
      {Object.keys(errors).length > 0 ? <Banner tone="error">{t('vendor:profile.correct')}</Banner> : null}
      {canEdit ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <a href={`/vendors/${slug}`} target="_blank" rel="noopener">
              {t('vendor:profile.viewPublic')}
            </a>
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t('vendor:profile.save')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-stone-600">{t('vendor:profile.ownerOnly')}</p>
      )}
    </form>
  );
}
