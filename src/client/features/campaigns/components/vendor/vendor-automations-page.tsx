import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { AUTOMATION_TEXT_KEYS, BONUS_AUTOMATIONS, type AutomationSetting } from '@shared/campaigns/automations';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Textarea } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Switch } from '@client/components/ui/switch';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { useAutomations, useSaveAutomation } from '@client/features/campaigns/api/automations';
import '@client/features/campaigns/automations-texts';
import { draftOf, previewOf, requestOf, type AutomationDraft } from './automation-form-rules';
import { HoldOutSelect, LiftSummary } from './hold-out';

interface EditorProps {
  setting: AutomationSetting;
  vendorName: string;
  averageSpendRupees: number | null;
  disabled: boolean;
}

/** One automation: its switch, its text, its options and the live preview of what a customer reads. */
function AutomationEditor({ setting, vendorName, averageSpendRupees, disabled }: EditorProps) {
  const { t } = useTranslation('automations');
  const keys = AUTOMATION_TEXT_KEYS[setting.kind];
  const [draft, setDraft] = useState<AutomationDraft>(() => draftOf(setting));
  const save = useSaveAutomation();
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const preview = previewOf(draft, {
    name: t('automations:previewName'),
    vendor: vendorName,
    // One to go's words as a stamp card's customer reads them; a points card's say its points.
    ...(setting.kind === 'one_to_go'
      ? { left: t('automations:left.stamps', { count: 1 }), reward: t('automations:previewReward') }
      : {}),
  });
  const change = (next: Partial<AutomationDraft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...next }));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ kind: setting.kind, setting: requestOf(draft) });
  };

  return (
    <Card as="section" title={t(keys.name)} description={t(keys.explain)} aria-label={t(keys.name)}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Switch
          label={t('automations:switchLabel')}
          checked={draft.enabled}
          disabled={disabled}
          onCheckedChange={(enabled) => change({ enabled })}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <FormField label={t('automations:subject')} error={fields.subject} required>
              <Input
                value={draft.subject}
                disabled={disabled}
                onChange={(event) => change({ subject: event.target.value })}
              />
            </FormField>
            <FormField
              label={t('automations:body')}
              error={fields.body}
              hint={
                setting.kind === 'one_to_go'
                  ? `${t('automations:placeholders')} ${t('automations:placeholdersOneToGo')}`
                  : t('automations:placeholders')
              }
              required
            >
              <Textarea
                value={draft.body}
                disabled={disabled}
                onChange={(event) => change({ body: event.target.value })}
              />
            </FormField>
            {setting.kind === 'win_back' ? (
              <FormField label={t('automations:winBackDays')} error={fields.winBackDays} required>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={7}
                  max={365}
                  value={draft.winBackDays}
                  disabled={disabled}
                  onChange={(event) => change({ winBackDays: event.target.value })}
                />
              </FormField>
            ) : null}
            <HoldOutSelect
              value={draft.holdOutPercent}
              onChange={(holdOutPercent) => change({ holdOutPercent })}
              hint={t('automations:holdOutHint')}
              error={fields.holdOutPercent}
              disabled={disabled}
            />
            {BONUS_AUTOMATIONS.includes(setting.kind) ? (
              <Switch
                label={t('automations:bonusStamp')}
                checked={draft.bonusStamp}
                disabled={disabled}
                onCheckedChange={(bonusStamp) => change({ bonusStamp })}
              />
            ) : null}
          </div>
          <figure
            aria-label={t('automations:preview')}
            className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-stone-50 p-4"
          >
            <figcaption className="text-xs font-medium tracking-wide text-stone-600 uppercase">
              {t('automations:preview')}
            </figcaption>
            <p className="font-semibold text-stone-900">{preview.subject}</p>
            <p className="text-sm whitespace-pre-line text-stone-700">{preview.body}</p>
          </figure>
        </div>
        {setting.lift ? (
          <section
            aria-label={t('automations:liftTitle')}
            className="flex flex-col gap-2 border-t border-stone-200 pt-4"
          >
            <h3 className="font-semibold text-stone-900">{t('automations:liftTitle')}</h3>
            <LiftSummary lift={setting.lift} averageSpendRupees={averageSpendRupees} />
          </section>
        ) : null}
        {disabled ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('automations:saving') : t('automations:save')}
            </Button>
            {save.isSuccess ? (
              <p role="status" className="text-sm text-green-800">
                {t('automations:saved')}
              </p>
            ) : null}
            {save.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {save.error instanceof ApiError && save.error.fields ? t('automations:saveFailed') : save.error.message}
              </p>
            ) : null}
          </div>
        )}
      </form>
    </Card>
  );
}

function AutomationsContent() {
  const { t } = useTranslation('automations');
  const overview = useAutomations();
  if (overview.isPending) return <CenteredSpinner />;
  if (overview.isError) return <Banner tone="error" title={overview.error.message} />;
  const { allowed, canEdit, vendorName, averageSpendRupees, automations } = overview.data;
  return (
    <div className="flex flex-col gap-6">
      {!allowed ? (
        <Banner
          tone="info"
          title={t('automations:locked')}
          action={
            <Link to="/vendor/billing" className="font-medium text-brand-800 underline underline-offset-2">
              {t('automations:upgrade')}
            </Link>
          }
        />
      ) : null}
      {allowed && !canEdit ? <Banner tone="info" title={t('automations:staffReadOnly')} /> : null}
      {automations.map((setting) => (
        <AutomationEditor
          key={setting.kind}
          setting={setting}
          vendorName={vendorName}
          averageSpendRupees={averageSpendRupees}
          disabled={!allowed || !canEdit}
        />
      ))}
    </div>
  );
}

/** /vendor/automations: welcome, birthday, win-back and one-to-go messages, each switched on with its own text (decision 044). */
export function VendorAutomationsPage() {
  const { t } = useTranslation('automations');
  useDocumentTitle(t('automations:title'));
  return (
    <>
      <PageHeader title={t('automations:title')} description={t('automations:intro')} />
      <ApprovedVendorGuard ownerOnly={t('automations:title')}>{() => <AutomationsContent />}</ApprovedVendorGuard>
    </>
  );
}
