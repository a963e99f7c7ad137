import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CATEGORY_LABELS, CITIES, VENDOR_CATEGORIES } from '@shared/places';
import {
  MARKETING_CHOICES,
  WEEKDAY_LABELS,
  vendorProfileSchema,
  type VendorProfile,
  type VendorProfileInput,
} from '@shared/vendor-profile';
import { WEEKDAYS } from '@shared/vendors';
import { cheapestPlanWithQrStyle, featureNeedsPlanMessage, planAllowsQrStyle, type QrStyleLevel } from '@shared/plans';
import { qrColoursProblem, STANDARD_QR_COLOURS } from '@shared/qr-style';
import { Link } from 'react-router';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useUpdateVendorProfile } from '@client/features/vendors/api/update-vendor-profile';

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

const HEX = /^#[0-9a-f]{6}$/i;

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
  const form = useForm<VendorProfileInput, unknown, VendorProfile>({
    resolver: zodResolver(vendorProfileSchema),
    defaultValues: profile,
  });
  const save = useUpdateVendorProfile();
  const { errors } = form.formState;
  const hours = useWatch({ control: form.control, name: 'openingHours' });
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
      if (error instanceof ApiError && error.fields) {
        for (const [path, message] of Object.entries(error.fields))
          form.setError(path as FieldPath<VendorProfileInput>, { message });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <fieldset disabled={!canEdit || save.isPending} className="flex min-w-0 flex-col gap-6">
        <Card title="Business Information">
          <div className="flex flex-col gap-4">
            <Grid>
              <FormField label="Business name" required error={errors.businessName?.message}>
                <Input {...form.register('businessName')} autoComplete="organization" />
              </FormField>
              <FormField label="Category" required error={errors.businessCategory?.message}>
                <Select {...form.register('businessCategory')}>
                  {VENDOR_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </Select>
              </FormField>
            </Grid>
            <FormField label="Description" error={errors.businessDescription?.message}>
              <Textarea {...form.register('businessDescription')} rows={3} />
            </FormField>
            <FormField label="Website" error={errors.website?.message}>
              <Input type="url" {...form.register('website')} placeholder="https://yourbusiness.pk" />
            </FormField>
          </div>
        </Card>

        <Card title="Contact">
          <Grid>
            <FormField label="Contact person" error={errors.contactPerson?.message}>
              <Input {...form.register('contactPerson')} autoComplete="name" />
            </FormField>
            <FormField label="Email" error={errors.contactEmail?.message}>
              <Input type="email" {...form.register('contactEmail')} autoComplete="email" />
            </FormField>
            <FormField label="Phone" required error={errors.phone?.message}>
              <Input type="tel" {...form.register('phone')} autoComplete="tel" placeholder="+92 300 1234567" />
            </FormField>
            <FormField label="WhatsApp" error={errors.whatsapp?.message}>
              <Input type="tel" {...form.register('whatsapp')} placeholder="+92 300 1234567" />
            </FormField>
          </Grid>
        </Card>

        <Card title="Location">
          <div className="flex flex-col gap-4">
            <FormField label="Street address" required error={errors.address?.message}>
              <Input {...form.register('address')} autoComplete="street-address" />
            </FormField>
            <Grid>
              <FormField label="City" required error={errors.city?.message}>
                <Select {...form.register('city')}>
                  {CITIES.map((city) => (
                    <option key={city} value={city}>
                      {city}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Area" required error={errors.area?.message}>
                <Input {...form.register('area')} />
              </FormField>
            </Grid>
            <a
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex w-fit items-center gap-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <MapPin aria-hidden="true" className="size-4" /> Check this address on the map
            </a>
            <fieldset className="min-w-0">
              <legend className="mb-2 text-sm font-semibold text-stone-900">Opening hours</legend>
              <div className="flex flex-col divide-y divide-stone-100">
                {WEEKDAYS.map((day) => {
                  const closed = hours?.[day]?.closed ?? false;
                  const dayErrors = errors.openingHours?.[day];
                  return (
                    <div
                      key={day}
                      className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 py-2 sm:grid-cols-[8rem_1fr_1fr_auto]"
                    >
                      <span className="text-sm font-medium text-stone-800">{WEEKDAY_LABELS[day]}</span>
                      <label className="col-start-2 flex items-center gap-2 text-sm sm:col-start-4 sm:row-start-1">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          {...form.register(`openingHours.${day}.closed`)}
                        />
                        {/* Seven boxes read "Closed" on screen; a screen reader hears whose day it is. */}
                        <span className="sr-only">{WEEKDAY_LABELS[day]}</span> Closed
                      </label>
                      <div className="col-span-2 grid grid-cols-2 gap-3 sm:col-span-2 sm:col-start-2 sm:row-start-1">
                        <FormField
                          label={
                            <span className="sr-only sm:not-sr-only sm:text-xs">{`${WEEKDAY_LABELS[day]} from`}</span>
                          }
                          error={dayErrors?.open?.message}
                        >
                          <Input type="time" disabled={closed} {...form.register(`openingHours.${day}.open`)} />
                        </FormField>
                        <FormField
                          label={
                            <span className="sr-only sm:not-sr-only sm:text-xs">{`${WEEKDAY_LABELS[day]} to`}</span>
                          }
                          error={dayErrors?.close?.message}
                        >
                          <Input type="time" disabled={closed} {...form.register(`openingHours.${day}.close`)} />
                        </FormField>
                      </div>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </div>
        </Card>

        <Card title="Social Media">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Facebook page" error={errors.facebookPage?.message}>
              <Input type="url" {...form.register('facebookPage')} placeholder="https://facebook.com/yourpage" />
            </FormField>
            <FormField label="Instagram handle" error={errors.instagramHandle?.message}>
              <Input {...form.register('instagramHandle')} placeholder="@yourbusiness" />
            </FormField>
            <FormField label="Twitter handle" error={errors.twitterHandle?.message}>
              <Input {...form.register('twitterHandle')} placeholder="@yourbusiness" />
            </FormField>
          </div>
        </Card>

        <Card title="QR codes">
          {planAllowsQrStyle({ qrStyle }, 'custom') ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-stone-600">
                Your counter code and poster use these colours. Leave empty for the standard black on white.
              </p>
              <Grid>
                <FormField
                  label="QR code colour"
                  hint="A dark colour, like #1c1917"
                  error={errors.qrForeground?.message}
                >
                  <Input {...form.register('qrForeground')} placeholder="#1c1917" spellCheck={false} />
                </FormField>
                <FormField
                  label="QR background colour"
                  hint="A light colour, like #ffffff"
                  error={errors.qrBackground?.message}
                >
                  <Input {...form.register('qrBackground')} placeholder="#ffffff" spellCheck={false} />
                </FormField>
              </Grid>
              <QrColourPreview foreground={qrForeground} background={qrBackground} />
            </div>
          ) : (
            <p className="text-sm text-stone-700">
              Custom QR code colours: {featureNeedsPlanMessage(cheapestPlanWithQrStyle('custom'))}{' '}
              <Link to="/vendor/billing" className="font-medium text-brand-800 underline underline-offset-2">
                See plans on Billing
              </Link>
            </p>
          )}
        </Card>

        <Card title="Marketing Preferences">
          <div className="flex flex-col gap-3">
            {MARKETING_CHOICES.map((choice) => (
              <label key={choice.field} className="flex items-start gap-3 text-sm text-stone-800">
                <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register(choice.field)} />
                {choice.label}
              </label>
            ))}
          </div>
        </Card>
      </fieldset>

      {justSaved ? <Banner tone="success">Profile saved. Your public page shows the new details.</Banner> : null}
      {save.error && !(save.error instanceof ApiError && save.error.fields) ? (
        <Banner tone="error">{save.error.message}</Banner>
      ) : null}
      {Object.keys(errors).length > 0 ? <Banner tone="error">Please correct the highlighted fields.</Banner> : null}
      {canEdit ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <a href={`/vendors/${slug}`} target="_blank" rel="noopener">
              View public page
            </a>
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save Profile
          </Button>
        </div>
      ) : (
        <p className="text-sm text-stone-600">Only the owner can change the business profile.</p>
      )}
    </form>
  );
}
