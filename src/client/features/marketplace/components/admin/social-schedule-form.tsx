import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  socialScheduleInputSchema,
  type SocialNetworkStatus,
  type SocialSchedule,
  type SocialScheduleInput,
} from '@shared/marketplace/social-api';
import { SOCIAL_NETWORKS } from '@shared/marketplace/social-posts';
import { formatLongDateTime, formatWallClockTime } from '@shared/pakistan-time';
import { Button } from '@client/components/ui/button';
import { FormError, FormField, Input } from '@client/components/ui/form-field';
import { Switch } from '@client/components/ui/switch';
import { ApiError } from '@client/lib/api-client';
import { useSaveSocialSchedule } from '@client/features/marketplace/api/save-social-schedule';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const NETWORK_SWITCH_TEXT = {
  facebook: 'admin:social.form.facebook',
  instagram: 'admin:social.form.instagram',
} as const;

function inputOf(schedule: SocialSchedule): SocialScheduleInput {
  return {
    enabled: schedule.enabled,
    facebook: schedule.facebook,
    instagram: schedule.instagram,
    dailyPostTime: schedule.dailyPostTime,
    postHourlyDeals: schedule.postHourlyDeals,
  };
}

/**
 * The schedule the admin sets: on or off, the networks, the Daily Chaska's time of day (Pakistan
 * time, typed as HH:MM) and the hourly deals. Validated by the server's own schema before it is sent.
 */
export function SocialScheduleForm({
  schedule,
  networks,
  onSaved,
}: {
  schedule: SocialSchedule;
  networks: readonly SocialNetworkStatus[];
  onSaved: (tone: 'success' | 'error', message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveSocialSchedule();
  const form = useForm<SocialScheduleInput>({
    resolver: zodResolver(socialScheduleInputSchema),
    values: inputOf(schedule),
  });
  const errors = form.formState.errors;
  const configured = (network: string) => networks.some((status) => status.network === network && status.configured);

  const submit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(inputOf(saved));
        onSaved(
          'success',
          saved.enabled
            ? t('admin:social.form.savedOn', { time: formatWallClockTime(saved.dailyPostTime) })
            : t('admin:social.form.savedOff'),
        );
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.dailyPostTime) form.setError('dailyPostTime', { message: fields.dailyPostTime });
        form.setError('root', {
          message: fields
            ? t('admin:social.form.checkFields')
            : error instanceof ApiError
              ? error.message
              : t('admin:social.form.saveFailed'),
        });
      },
    });
  });

  const working = save.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label={t('admin:social.form.enabled')}
            description={t('admin:social.form.enabledHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={working}
          />
        )}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-stone-800">{t('admin:social.form.networks')}</legend>
        {SOCIAL_NETWORKS.map((network) => (
          <Controller
            key={network}
            control={form.control}
            name={network}
            render={({ field }) => (
              <Switch
                label={t(NETWORK_SWITCH_TEXT[network])}
                description={configured(network) ? undefined : t('admin:social.form.notConfiguredHint')}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={working}
              />
            )}
          />
        ))}
      </fieldset>
      <FormField
        label={t('admin:social.form.dailyPostTime')}
        hint={t('admin:social.form.dailyPostTimeHint')}
        // The field's words come from the admin's catalogue, in the page's language.
        error={errors.dailyPostTime ? t('admin:social.form.timeInvalid') : undefined}
        required
      >
        <Input
          className="max-w-32"
          inputMode="numeric"
          autoComplete="off"
          placeholder="09:30"
          maxLength={5}
          dir="ltr"
          disabled={working}
          {...form.register('dailyPostTime')}
        />
      </FormField>
      <Controller
        control={form.control}
        name="postHourlyDeals"
        render={({ field }) => (
          <Switch
            label={t('admin:social.form.postHourlyDeals')}
            description={t('admin:social.form.postHourlyDealsHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={working}
          />
        )}
      />
      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-stone-600">
          {schedule.updatedAt && schedule.updatedBy
            ? t('admin:social.form.lastSaved', { by: schedule.updatedBy, date: formatLongDateTime(schedule.updatedAt) })
            : null}
        </p>
        <Button type="submit" busy={working}>
          {t('admin:social.form.save')}
        </Button>
      </div>
    </form>
  );
}
