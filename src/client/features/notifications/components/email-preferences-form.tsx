import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff, Save } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import {
  formatDigestHour,
  updateEmailPreferencesSchema,
  type EmailFrequency,
  type EmailPreferencesResponse,
  type UpdateEmailPreferencesInput,
} from '@shared/email';
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
import { usePushKey } from '@client/features/push/api/push';
import { PushDeviceCard } from '@client/features/push/components/push-device-card';
import '@client/lib/customer-texts';
import { EMAIL_TYPE_TOGGLES } from './email-type-toggles';

export interface PreferencesNotice {
  tone: BannerTone;
  title: string;
  detail?: string;
}

export const UNSUBSCRIBE_CONFIRMATION =
  'Are you sure you want to unsubscribe from all emails? You can resubscribe anytime.';

type FormValues = Omit<UpdateEmailPreferencesInput, 'security_alerts'>;

function formValuesOf({ preferences }: EmailPreferencesResponse): FormValues {
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
  };
}

function frequencyOptions(
  digest: EmailPreferencesResponse['digest'],
): Array<{ value: EmailFrequency; label: string; description: string }> {
  const time = `${formatDigestHour(digest.hour)}, Pakistan time`;
  return [
    { value: 'immediate', label: 'Immediate', description: 'Each e-mail as soon as it happens.' },
    { value: 'daily', label: 'Daily', description: `One digest e-mail a day at ${time}.` },
    { value: 'weekly', label: 'Weekly', description: `One digest e-mail every ${digest.weekday} at ${time}.` },
    { value: 'never', label: 'Never', description: 'Only security alerts.' },
  ];
}

/** A server refusal ("Failed to update") reads differently from a request that never arrived ("Failed to save"). */
function failureNotice(error: unknown, refused: string, unreachable: string): PreferencesNotice {
  if (error instanceof ApiError && error.status > 0) return { tone: 'error', title: refused, detail: error.message };
  return { tone: 'error', title: unreachable, detail: 'Please check your connection and try again.' };
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

export function EmailPreferencesForm({
  data,
  onNotice,
}: {
  data: EmailPreferencesResponse;
  onNotice: (notice: PreferencesNotice | null) => void;
}) {
  const { t } = useTranslation('customer');
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

  // Whatever the server last answered is what the form shows (after a save, an unsubscribe...).
  const { reset } = form;
  useEffect(() => reset(formValuesOf(data)), [data, reset]);

  const save = form.handleSubmit(async (values) => {
    onNotice(null);
    try {
      await update.mutateAsync(values);
      onNotice({ tone: 'success', title: 'Email preferences updated successfully!' });
    } catch (error) {
      onNotice(failureNotice(error, 'Failed to update preferences', 'Failed to save preferences'));
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
            ? 'Successfully unsubscribed from all emails'
            : 'Successfully resubscribed to emails',
      });
    } catch (error) {
      const title = action === 'unsubscribe' ? 'Failed to unsubscribe' : 'Failed to resubscribe';
      onNotice(failureNotice(error, title, title));
    } finally {
      setConfirmingUnsubscribe(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
      {unsubscribed ? (
        <Banner
          tone="warning"
          title="You are unsubscribed from all emails"
          action={
            <Button
              size="sm"
              busy={subscription.isPending && subscription.variables === 'resubscribe'}
              disabled={busy}
              onClick={() => void changeSubscription('resubscribe')}
            >
              Resubscribe
            </Button>
          }
        >
          Chaska sends you no e-mails, not even security alerts; only the ones you ask for, such as a password reset
          link. Your choices below are kept for when you come back.
        </Banner>
      ) : null}

      {publicKey ? <PushDeviceCard publicKey={publicKey} /> : null}

      <Card title="Email types" description="Choose the e-mails you want to receive.">
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
                <TwoChannelRow label={toggle.label} description={toggle.description}>
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
                            aria-label={t('customer:push.toggleLabel', { category: toggle.label })}
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
                      label={toggle.label}
                      description={toggle.description}
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
              <TwoChannelRow
                label="Security alerts"
                description="Sign-in and account notices. Always on to keep your account safe."
              >
                {(emailId, describedBy) => (
                  <>
                    <Switch id={emailId} aria-describedby={describedBy} checked disabled />
                    <Switch
                      aria-label={t('customer:push.toggleLabel', { category: 'Security alerts' })}
                      title={t('customer:push.securityLocked')}
                      checked
                      disabled
                    />
                  </>
                )}
              </TwoChannelRow>
            ) : (
              <Switch
                label="Security alerts"
                description="Sign-in and account notices. Always on to keep your account safe."
                checked
                disabled
              />
            )}
          </li>
        </ul>
      </Card>

      <Card
        title={<span id="email-frequency-title">Frequency</span>}
        description="How often we send the e-mails you chose. Security alerts always go out at once."
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
              {frequencyOptions(data.digest).map((option) => (
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
          Unsubscribe from All Emails
        </Button>
        <Button type="submit" busy={update.isPending} disabled={locked}>
          <Save aria-hidden="true" />
          Save
        </Button>
      </div>

      <ConfirmDialog
        open={confirmingUnsubscribe}
        onOpenChange={setConfirmingUnsubscribe}
        title="Unsubscribe from all emails?"
        text={UNSUBSCRIBE_CONFIRMATION}
        confirmLabel="Unsubscribe"
        tone="danger"
        busy={subscription.isPending}
        onConfirm={() => void changeSubscription('unsubscribe')}
      />
    </form>
  );
}
