import { useTranslation } from '@client/lib/translation';
import { Card } from '@client/components/ui/card';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import {
  MONTHLY_REPORT_CHANNELS,
  type MonthlyReportChannel,
  type MonthlyReportSettings as MonthlyReportSettingsData,
} from '@shared/analytics/programme-health';
import {
  useMonthlyReportSettings,
  useSaveMonthlyReportChannel,
} from '@client/features/analytics/api/monthly-report-settings';

const CHANNEL_TEXT = {
  email: 'vendor:monthlyReport.email',
  whatsapp: 'vendor:monthlyReport.whatsapp',
  off: 'vendor:monthlyReport.off',
} as const satisfies Record<MonthlyReportChannel, string>;

function isChannel(value: string): value is MonthlyReportChannel {
  return (MONTHLY_REPORT_CHANNELS as readonly string[]).includes(value);
}

/** The three choices; WhatsApp only with a verified number (the server refuses it otherwise too). */
export function MonthlyReportChoice({
  settings,
  saving,
  onChoose,
}: {
  settings: MonthlyReportSettingsData;
  saving: boolean;
  onChoose: (channel: MonthlyReportChannel) => void;
}) {
  const { t } = useTranslation('vendor');
  return (
    <RadioGroup
      aria-label={t('vendor:monthlyReport.title')}
      value={settings.channel}
      disabled={saving}
      onValueChange={(value) => {
        if (isChannel(value)) onChoose(value);
      }}
    >
      {MONTHLY_REPORT_CHANNELS.map((channel) => (
        <RadioGroupItem
          key={channel}
          value={channel}
          label={t(CHANNEL_TEXT[channel])}
          disabled={channel === 'whatsapp' && !settings.whatsappAvailable}
          description={
            channel === 'whatsapp' && !settings.whatsappAvailable
              ? t('vendor:monthlyReport.whatsappNeedsPhone')
              : undefined
          }
        />
      ))}
    </RadioGroup>
  );
}

/**
 * The vendor profile's Monthly report panel (owner only): on the 1st the report of last month
 * comes by e-mail, by WhatsApp to the owner's verified number, or not at all (decision 090).
 */
export function MonthlyReportSettings() {
  const { t } = useTranslation('vendor');
  const settings = useMonthlyReportSettings();
  const save = useSaveMonthlyReportChannel();
  return (
    <Card title={t('vendor:monthlyReport.title')} description={t('vendor:monthlyReport.description')}>
      {settings.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('vendor:monthlyReport.loading')}
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {settings.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <MonthlyReportChoice
            settings={settings.data}
            saving={save.isPending}
            onChoose={(channel) => save.mutate(channel)}
          />
          {save.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {save.error.message}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
