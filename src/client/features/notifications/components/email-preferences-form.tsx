import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff, Save } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import { Controller, useForm, type Control } from 'react-hook-form';
import { nationalPhoneNumber } from '@shared/accounts/phone';
import {
  PHONE_NOTICE_TOGGLE_KEYS,
  updateEmailPreferencesSchema,
  type EmailFrequency,
  type EmailToggleKey,
  type EmailPreferencesResponse,
  type UpdateEmailPreferencesInput,
} from '@shared/notifications/email';
import { formatWallClockTime } from '@shared/pakistan-time';
import { MESSAGE_LANGUAGE_NAMES, MESSAGE_LANGUAGES, ROMAN_URDU } from '@shared/i18n/roman-urdu';
import type { BannerTone } from '@client/components/ui/banner';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { Switch } from '@client/components/ui/switch';
import { ApiError } from '@client/lib/api-client';
import { useSetSubscription, type SubscriptionAction } from '@client/features/notifications/api/set-subscription';
import { useUpdateEmailPreferences } from '@client/features/notifications/api/update-email-preferences';
import { usePushKey } from '@client/features/notifications/api/push';
import { PushDeviceCard } from '@client/features/notifications/components/push-device-card';
import '@client/lib/customer-texts';
import '@client/lib/email-preferences-texts';

/**
 * The rows of the "Email types" list: SPEC.md's flags in the order a customer thinks of them,
 * each with the catalogue keys of its label and description.
 */
const EMAIL_TYPE_TOGGLES: ReadonlyArray<{ key: EmailToggleKey; labelKey: string; descriptionKey: string }> = [
  {
    key: 'welcome_emails',
    labelKey: 'emailPreferences:type.welcome.label',
    descriptionKey: 'emailPreferences:type.welcome.description',
  },
  {
    key: 'stamp_notifications',
    labelKey: 'emailPreferences:type.stamps.label',
    descriptionKey: 'emailPreferences:type.stamps.description',
  },
  {
    key: 'reward_notifications',
    labelKey: 'emailPreferences:type.rewards.label',
    descriptionKey: 'emailPreferences:type.rewards.description',
  },
  {
    key: 'daily_chaska',
    labelKey: 'emailPreferences:type.dailyChaska.label',
    descriptionKey: 'emailPreferences:type.dailyChaska.description',
  },
  {
    key: 'hourly_chaska',
    labelKey: 'emailPreferences:type.hourlyChaska.label',
    descriptionKey: 'emailPreferences:type.hourlyChaska.description',
  },
  {
    key: 'vendor_updates',
    labelKey: 'emailPreferences:type.vendorUpdates.label',
    descriptionKey: 'emailPreferences:type.vendorUpdates.description',
  },
  {
    key: 'marketing_emails',
    labelKey: 'emailPreferences:type.marketing.label',
    descriptionKey: 'emailPreferences:type.marketing.description',
  },
];

export interface PreferencesNotice {
  tone: BannerTone;
  title: string;
  detail?: string;
}

type FormValues = Omit<UpdateEmailPreferencesInput, 'security_alerts'>;

function formValuesOf({ preferences, phone }: EmailPreferencesResponse): FormValues {
  return {
    welcome_emails: preferences.welcome_emails,
    stamp_notifications: preferences.stamp_notifications,
    reward_notifications: preferences.reward_notifications,
    daily_chaska: preferences.daily_chaska,
    hourly_chaska: preferences.hourly_chaska,
    vendor_updates: preferences.vendor_updates,
    marketing_emails: preferences.marketing_emails,
    frequency: preferences.frequency,
    push: preferences.push,
    whatsapp: preferences.whatsapp,
    sms: preferences.sms,
    phone_language: phone.language,
  };
}

const WEEKDAY_KEYS: Record<EmailPreferencesResponse['digest']['weekday'], string> = {
  Sunday: 'emailPreferences:weekday.Sunday',
  Monday: 'emailPreferences:weekday.Monday',
  Tuesday: 'emailPreferences:weekday.Tuesday',
  Wednesday: 'emailPreferences:weekday.Wednesday',
  Thursday: 'emailPreferences:weekday.Thursday',
  Friday: 'emailPreferences:weekday.Friday',
  Saturday: 'emailPreferences:weekday.Saturday',
};

function frequencyOptions(
  digest: EmailPreferencesResponse['digest'],
  t: TFunction,
): Array<{ value: EmailFrequency; label: string; description: string }> {
  const time = t('emailPreferences:frequency.time', { hour: formatWallClockTime(`${digest.hour}:00`) });
  const weekday = t(WEEKDAY_KEYS[digest.weekday]);
  return [
    {
      value: 'immediate',
      label: t('emailPreferences:frequency.immediate'),
      description: t('emailPreferences:frequency.immediateText'),
    },
    {
      value: 'daily',
      label: t('emailPreferences:frequency.daily'),
      description: t('emailPreferences:frequency.dailyText', { time }),
    },
    {
      value: 'weekly',
      label: t('emailPreferences:frequency.weekly'),
      description: t('emailPreferences:frequency.weeklyText', { weekday, time }),
    },
    {
      value: 'never',
      label: t('emailPreferences:frequency.never'),
      description: t('emailPreferences:frequency.neverText'),
    },
  ];
}

/** A server refusal ("Failed to update") reads differently from a request that never arrived ("Failed to save"). */
function failureNotice(
  error: unknown,
  refused: string,
  unreachable: string,
  checkConnection: string,
): PreferencesNotice {
  if (error instanceof ApiError && error.status > 0) return { tone: 'error', title: refused, detail: error.message };
  return { tone: 'error', title: unreachable, detail: checkConnection };
}

/**
 * A category with its e-mail switch and, beside it, its push switch (decision 043): one label and
 * description for the e-mail switch, the push switch named "<category> by push notification".
 */
function TwoChannelRow({
  label,
  description,
  children,
}: {
  label: string;
  description: string;
  children: (emailId: string, describedBy: string) => ReactNode;
}) {
  const id = useId();
  const emailId = `email-switch${id}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={emailId} className="cursor-pointer text-sm font-medium text-stone-900">
          {label}
        </label>
        <p id={`${emailId}-description`} className="mt-0.5 text-sm text-stone-600">
          {description}
        </p>
      </div>
      <div className="flex shrink-0 gap-4">{children(emailId, `${emailId}-description`)}</div>
    </div>
  );
}

/**
 * The categories sent by WhatsApp and SMS (decision 081), each with a switch per channel the
 * server has: only for an account with a verified number, every one off until turned on.
 */
function PhoneChannelsCard({
  phone,
  control,
  locked,
}: {
  phone: EmailPreferencesResponse['phone'];
  control: Control<FormValues>;
  locked: boolean;
}) {
  const { t } = useTranslation('emailPreferences');
  const channels = (['whatsapp', 'sms'] as const).filter((channel) => phone[channel]);
  if (!phone.number || channels.length === 0) return null;
  const column = { whatsapp: 'emailPreferences:phone.columnWhatsApp', sms: 'emailPreferences:phone.columnSms' };
  const toggle = { whatsapp: 'emailPreferences:phone.toggleWhatsApp', sms: 'emailPreferences:phone.toggleSms' };
  return (
    <Card
      title={t('emailPreferences:phone.title')}
      description={t('emailPreferences:phone.description', { number: nationalPhoneNumber(phone.number) })}
    >
      <div aria-hidden="true" className="mb-2 flex justify-end gap-4 text-xs font-semibold text-stone-600">
        {channels.map((channel) => (
          // As wide as its switch, the name overflowing evenly on both sides: "WhatsApp" is wider.
          <span key={channel} className="flex w-11 justify-center whitespace-nowrap">
            {t(column[channel])}
          </span>
        ))}
      </div>
      <ul className="flex flex-col divide-y divide-stone-100">
        {EMAIL_TYPE_TOGGLES.filter((row) => (PHONE_NOTICE_TOGGLE_KEYS as readonly string[]).includes(row.key)).map(
          (row) => (
            <li key={row.key} className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="text-sm font-medium text-stone-900">{t(row.labelKey)}</p>
                <p className="mt-0.5 text-sm text-stone-600">{t(row.descriptionKey)}</p>
              </div>
              <div className="flex shrink-0 gap-4">
                {channels.map((channel) => (
                  <Controller
                    key={channel}
                    control={control}
                    name={`${channel}.${row.key}`}
                    render={({ field }) => (
                      <Switch
                        aria-label={t(toggle[channel], { category: t(row.labelKey) })}
                        checked={field.value}
                        onCheckedChange={field.onChange}
                        onBlur={field.onBlur}
                        disabled={locked}
                      />
                    )}
                  />
                ))}
              </div>
            </li>
          ),
        )}
      </ul>
      <div className="mt-4 border-t border-stone-100 pt-4">
        <p id="phone-language-title" className="mb-3 text-sm font-medium text-stone-900">
          {t('emailPreferences:phone.language')}
        </p>
        <Controller
          control={control}
          name="phone_language"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="phone-language-title"
              value={field.value}
              onValueChange={field.onChange}
              disabled={locked}
            >
              {MESSAGE_LANGUAGES.map((language) => (
                <RadioGroupItem
                  key={language}
                  value={language}
                  label={<span lang={language}>{MESSAGE_LANGUAGE_NAMES[language]}</span>}
                  description={language === ROMAN_URDU ? t('emailPreferences:phone.romanUrduExample') : undefined}
                />
              ))}
            </RadioGroup>
          )}
        />
      </div>
    </Card>
  );
}

export function EmailPreferencesForm({
  data,
  onNotice,
}: {
  data: EmailPreferencesResponse;
  onNotice: (notice: PreferencesNotice | null) => void;
}) {
  const { t } = useTranslation('emailPreferences');
  // The push column's words are the customer's (customer:push.*): that namespace must be loaded too.
  useTranslation('customer');
  const publicKey = usePushKey();
  const update = useUpdateEmailPreferences();
  const subscription = useSetSubscription();
  const [confirmingUnsubscribe, setConfirmingUnsubscribe] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(updateEmailPreferencesSchema.omit({ security_alerts: true })),
    defaultValues: formValuesOf(data),
  });
  const unsubscribed = data.preferences.unsubscribed;
  const busy = update.isPending || subscription.isPending;
  const locked = unsubscribed || busy;
  // Unsubscribed means no e-mail at all, security alerts included (can-send-email.ts): the row says so.
  const securityDescription = t(
    unsubscribed
      ? 'emailPreferences:type.security.descriptionUnsubscribed'
      : 'emailPreferences:type.security.description',
  );

  // Whatever the server last answered is what the form shows (after a save, an unsubscribe...).
  const { reset } = form;
  useEffect(() => reset(formValuesOf(data)), [data, reset]);

  const save = form.handleSubmit(async ({ phone_language, ...values }) => {
    onNotice(null);
    try {
      // Untouched, the phone's language keeps following the interface language (decision 082).
      await update.mutateAsync(form.formState.dirtyFields.phone_language ? { ...values, phone_language } : values);
      onNotice({ tone: 'success', title: t('emailPreferences:notice.saved') });
    } catch (error) {
      onNotice(
        failureNotice(
          error,
          t('emailPreferences:notice.updateFailed'),
          t('emailPreferences:notice.saveFailed'),
          t('emailPreferences:notice.checkConnection'),
        ),
      );
    }
  });

  async function changeSubscription(action: SubscriptionAction) {
    onNotice(null);
    try {
      await subscription.mutateAsync(action);
      onNotice({
        tone: 'success',
        title:
          action === 'unsubscribe'
            ? t('emailPreferences:notice.unsubscribed')
            : t('emailPreferences:notice.resubscribed'),
      });
    } catch (error) {
      const title =
        action === 'unsubscribe'
          ? t('emailPreferences:notice.unsubscribeFailed')
          : t('emailPreferences:notice.resubscribeFailed');
      onNotice(failureNotice(error, title, title, t('emailPreferences:notice.checkConnection')));
    } finally {
      setConfirmingUnsubscribe(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
      {unsubscribed ? (
        <Banner
          tone="warning"
          title={t('emailPreferences:unsubscribed.title')}
          action={
            <Button
              size="sm"
              busy={subscription.isPending && subscription.variables === 'resubscribe'}
              disabled={busy}
              onClick={() => void changeSubscription('resubscribe')}
            >
              {t('emailPreferences:resubscribe')}
            </Button>
          }
        >
          {t('emailPreferences:unsubscribed.text')}
        </Banner>
      ) : null}

      {publicKey ? <PushDeviceCard publicKey={publicKey} /> : null}

      <Card title={t('emailPreferences:types.title')} description={t('emailPreferences:types.description')}>
        {publicKey ? (
          <div aria-hidden="true" className="mb-2 flex justify-end gap-4 text-xs font-semibold text-stone-600">
            <span className="w-11 text-center">{t('customer:push.columnEmail')}</span>
            <span className="w-11 text-center">{t('customer:push.columnPush')}</span>
          </div>
        ) : null}
        <ul className="flex flex-col divide-y divide-stone-100">
          {EMAIL_TYPE_TOGGLES.map((toggle) => (
            <li key={toggle.key} className="py-3 first:pt-0">
              {publicKey ? (
                <TwoChannelRow label={t(toggle.labelKey)} description={t(toggle.descriptionKey)}>
                  {(emailId, describedBy) => (
                    <>
                      <Controller
                        control={form.control}
                        name={toggle.key}
                        render={({ field }) => (
                          <Switch
                            id={emailId}
                            aria-describedby={describedBy}
                            checked={field.value}
                            onCheckedChange={field.onChange}
                            onBlur={field.onBlur}
                            disabled={locked}
                          />
                        )}
                      />
                      <Controller
                        control={form.control}
                        name={`push.${toggle.key}`}
                        render={({ field }) => (
                          <Switch
                            aria-label={t('customer:push.toggleLabel', { category: t(toggle.labelKey) })}
                            checked={field.value}
                            onCheckedChange={field.onChange}
                            onBlur={field.onBlur}
                            disabled={locked}
                          />
                        )}
                      />
                    </>
                  )}
                </TwoChannelRow>
              ) : (
                <Controller
                  control={form.control}
                  name={toggle.key}
                  render={({ field }) => (
                    <Switch
                      label={t(toggle.labelKey)}
                      description={t(toggle.descriptionKey)}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      disabled={locked}
                    />
                  )}
                />
              )}
            </li>
          ))}
          <li className="py-3 last:pb-0">
            {publicKey ? (
              <TwoChannelRow label={t('emailPreferences:type.security.label')} description={securityDescription}>
                {(emailId, describedBy) => (
                  <>
                    <Switch id={emailId} aria-describedby={describedBy} checked={!unsubscribed} disabled />
                    <Switch
                      aria-label={t('customer:push.toggleLabel', {
                        category: t('emailPreferences:type.security.label'),
                      })}
                      title={t('customer:push.securityLocked')}
                      checked
                      disabled
                    />
                  </>
                )}
              </TwoChannelRow>
            ) : (
              <Switch
                label={t('emailPreferences:type.security.label')}
                description={securityDescription}
                checked={!unsubscribed}
                disabled
              />
            )}
          </li>
        </ul>
      </Card>

      <PhoneChannelsCard phone={data.phone} control={form.control} locked={locked} />

      <Card
        title={<span id="email-frequency-title">{t('emailPreferences:frequency.title')}</span>}
        description={t('emailPreferences:frequency.description')}
      >
        <Controller
          control={form.control}
          name="frequency"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="email-frequency-title"
              value={field.value}
              onValueChange={field.onChange}
              disabled={locked}
            >
              {frequencyOptions(data.digest, t).map((option) => (
                <RadioGroupItem
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  description={option.description}
                />
              ))}
            </RadioGroup>
          )}
        />
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" disabled={locked} onClick={() => setConfirmingUnsubscribe(true)}>
          <BellOff aria-hidden="true" />
          {t('emailPreferences:unsubscribeAll')}
        </Button>
        <Button type="submit" busy={update.isPending} disabled={locked}>
          <Save aria-hidden="true" />
          {t('emailPreferences:save')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirmingUnsubscribe}
        onOpenChange={setConfirmingUnsubscribe}
        title={t('emailPreferences:confirm.title')}
        text={t('emailPreferences:confirm.text')}
        confirmLabel={t('emailPreferences:confirm.action')}
        tone="danger"
        busy={subscription.isPending}
        onConfirm={() => void changeSubscription('unsubscribe')}
      />
    </form>
  );
}
