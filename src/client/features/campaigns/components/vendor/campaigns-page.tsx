import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import {
  CAMPAIGN_SEGMENT_KEYS,
  CAMPAIGN_SEGMENTS,
  DEFAULT_LAPSED_DAYS,
  LAPSED_DAYS_MAX,
  LAPSED_DAYS_MIN,
  phoneEstimate,
  type CampaignAudience,
  type CampaignList,
  type CampaignSegment,
} from '@shared/campaigns/campaigns';
import { DEFAULT_HOLD_OUT_PERCENT, heldOutCount } from '@shared/campaigns/hold-out';
import { formatLongDateTime } from '@shared/pakistan-time';
import { formatNumber, formatPKR } from '@shared/number-format';
import { cheapestPlanWithCampaigns, isUnlimited } from '@shared/billing/plans';
import '@client/features/campaigns/campaigns-texts';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { useCampaignAudience, useCampaigns, useCreateCampaign } from '@client/features/campaigns/api/campaigns';
import { isoToPakistanLocal, pakistanLocalToIso } from './campaign-rules';
import { CampaignTable } from './campaign-table';
import { AverageSpendForm, HoldOutSelect, LiftSummary } from './hold-out';

function errorFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.fields ?? {}) : {};
}

function ByPhoneLine({
  byPhone,
  words,
}: {
  byPhone: CampaignAudience['byPhone'];
  words: { subject: string; message: string };
}) {
  const { t } = useTranslation('campaigns');
  const estimate = phoneEstimate(byPhone, words);
  return (
    <p className="mt-1 text-sm text-stone-800" data-testid="campaign-by-phone">
      {t('campaigns:composer.byPhone', {
        whatsapp: formatNumber(estimate.whatsapp),
        sms: formatNumber(estimate.sms),
        cost: formatPKR(Math.round(estimate.costPaisa / 100)),
        left: formatNumber(byPhone.leftThisMonth),
      })}
    </p>
  );
}

function Composer({ full, onDone }: { full: boolean; onDone: (message: string) => void }) {
  const { t } = useTranslation('campaigns');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [segment, setSegment] = useState<CampaignSegment>('all');
  const [lapsedDays, setLapsedDays] = useState(String(DEFAULT_LAPSED_DAYS));
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState(() => isoToPakistanLocal(new Date(Date.now() + 3_600_000)));
  const [confirming, setConfirming] = useState(false);
  const [holdOutPercent, setHoldOutPercent] = useState<number>(DEFAULT_HOLD_OUT_PERCENT);
  const create = useCreateCampaign();

  const days = Number(lapsedDays);
  const daysValid = Number.isInteger(days) && days >= LAPSED_DAYS_MIN && days <= LAPSED_DAYS_MAX;
  const query = useDeferredValue(
    segment === 'lapsed' ? (daysValid ? { segment, lapsedDays: days } : null) : { segment },
  );
  const audience = useCampaignAudience(query);
  const audienceSize = audience.data?.recipients;
  // The hold-out group is drawn from the audience when sending begins (decision 083).
  const heldOut = audienceSize === undefined ? 0 : heldOutCount(audienceSize, holdOutPercent);
  const recipients = audienceSize === undefined ? undefined : audienceSize - heldOut;
  const sendAtIso = when === 'later' ? pakistanLocalToIso(sendAt) : null;
  const fields = errorFields(create.error);

  function review(event: FormEvent) {
    event.preventDefault();
    create.reset();
    setConfirming(true);
  }

  function send() {
    create.mutate(
      {
        subject,
        message,
        segment,
        lapsedDays: segment === 'lapsed' ? days : null,
        sendAt: when === 'later' ? (sendAtIso ?? sendAt) : null,
        holdOutPercent,
      },
      {
        onSuccess: (campaign) => {
          setConfirming(false);
          setSubject('');
          setMessage('');
          onDone(
            when === 'later'
              ? t('campaigns:scheduled', { time: formatLongDateTime(campaign.sendAt) })
              : t('campaigns:sent'),
          );
        },
        onError: () => setConfirming(false),
      },
    );
  }

  return (
    <Card title={t('campaigns:composer.title')}>
      <form className="flex flex-col gap-4" onSubmit={review} noValidate>
        {create.error && Object.keys(fields).length === 0 ? (
          <Banner tone="error" role="alert">
            {create.error instanceof ApiError ? create.error.message : t('campaigns:error')}
          </Banner>
        ) : null}
        <FormField label={t('campaigns:composer.subject')} required error={fields.subject}>
          <Input value={subject} maxLength={120} onChange={(event) => setSubject(event.target.value)} />
        </FormField>
        <FormField
          label={t('campaigns:composer.message')}
          required
          error={fields.message}
          hint={t('campaigns:composer.messageHint')}
        >
          <Textarea value={message} rows={5} maxLength={2000} onChange={(event) => setMessage(event.target.value)} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('campaigns:composer.segment')} error={fields.segment}>
            <Select value={segment} onChange={(event) => setSegment(event.target.value as CampaignSegment)}>
              {CAMPAIGN_SEGMENTS.map((each) => (
                <option key={each} value={each}>
                  {t(CAMPAIGN_SEGMENT_KEYS[each])}
                </option>
              ))}
            </Select>
          </FormField>
          {segment === 'lapsed' ? (
            <FormField label={t('campaigns:composer.lapsedDays')} error={fields.lapsedDays}>
              <Input
                type="number"
                inputMode="numeric"
                min={LAPSED_DAYS_MIN}
                max={LAPSED_DAYS_MAX}
                value={lapsedDays}
                onChange={(event) => setLapsedDays(event.target.value)}
              />
            </FormField>
          ) : null}
        </div>
        <div aria-live="polite" className="rounded-lg bg-stone-50 px-3 py-2 ring-1 ring-stone-200">
          <p className="font-semibold text-stone-900" data-testid="campaign-recipients">
            {recipients === undefined
              ? t('campaigns:composer.counting')
              : t('campaigns:composer.recipients', { count: recipients })}
          </p>
          {heldOut > 0 ? (
            <p className="text-sm text-stone-800" data-testid="campaign-held-out">
              {t('campaigns:composer.heldOut', { count: heldOut })}
            </p>
          ) : null}
          <p className="text-xs text-stone-600">{t('campaigns:composer.recipientsHint')}</p>
          {audience.data && audience.data.byPhone.whatsapp + audience.data.byPhone.sms > 0 ? (
            <ByPhoneLine byPhone={audience.data.byPhone} words={{ subject, message }} />
          ) : null}
        </div>
        <HoldOutSelect
          value={holdOutPercent}
          onChange={setHoldOutPercent}
          hint={t('campaigns:composer.holdOutHint')}
          error={fields.holdOutPercent}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-stone-800">{t('campaigns:composer.when')}</legend>
          <RadioGroup value={when} onValueChange={(value) => setWhen(value as 'now' | 'later')}>
            <RadioGroupItem value="now" label={t('campaigns:composer.now')} />
            <RadioGroupItem value="later" label={t('campaigns:composer.later')} />
          </RadioGroup>
          {when === 'later' ? (
            <FormField label={t('campaigns:composer.sendAt')} error={fields.sendAt}>
              <Input type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.target.value)} />
            </FormField>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit" disabled={full || !subject.trim() || !message.trim() || recipients === undefined}>
            {t('campaigns:composer.review')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('campaigns:confirm.title')}
        text={
          when === 'later'
            ? t('campaigns:confirm.later', {
                subject,
                time: sendAtIso ? formatLongDateTime(sendAtIso) : sendAt,
              })
            : heldOut > 0
              ? t('campaigns:confirm.nowHeldOut', { subject, count: recipients ?? 0, held: heldOut })
              : t('campaigns:confirm.now', { subject, count: recipients ?? 0 })
        }
        confirmLabel={when === 'later' ? t('campaigns:confirm.schedule') : t('campaigns:confirm.send')}
        cancelLabel={t('campaigns:confirm.back')}
        busy={create.isPending}
        onConfirm={send}
      />
    </Card>
  );
}

/** What each campaign with a hold-out brought (decision 083), and the average spend that puts it in rupees. */
function CampaignLifts({ list, onSpendSaved }: { list: CampaignList; onSpendSaved: () => void }) {
  const { t } = useTranslation('campaigns');
  const measured = list.campaigns.filter((campaign) => campaign.figures.lift !== null);
  return (
    <Card
      title={t('campaigns:lift.title')}
      description={t('campaigns:lift.description')}
      aria-label={t('campaigns:lift.title')}
    >
      <div className="flex flex-col gap-6">
        <AverageSpendForm value={list.averageSpendRupees} onSaved={onSpendSaved} />
        {measured.length === 0 ? (
          <p className="text-sm text-stone-700">{t('campaigns:lift.empty')}</p>
        ) : (
          measured.map((campaign) => (
            <section
              key={campaign.id}
              aria-label={campaign.subject}
              className="flex flex-col gap-2 border-t border-stone-200 pt-4"
            >
              <h3 className="font-semibold text-stone-900">
                {campaign.subject}{' '}
                <span className="text-sm font-normal text-stone-600">
                  {formatLongDateTime(campaign.startedAt ?? campaign.sendAt)}
                </span>
              </h3>
              <LiftSummary lift={campaign.figures.lift!} averageSpendRupees={list.averageSpendRupees} />
            </section>
          ))
        )}
      </div>
    </Card>
  );
}

function CampaignsContent() {
  const { t } = useTranslation('campaigns');
  const list = useCampaigns();
  const [notice, setNotice] = useState<string | null>(null);
  if (list.isPending) return <CenteredSpinner />;
  if (list.isError)
    return (
      <Banner tone="error" role="alert">
        {t('campaigns:error')}
      </Banner>
    );
  const { usage, lockedMessage } = list.data;
  const full = !isUnlimited(usage.limit) && usage.used >= usage.limit;
  return (
    <div className="flex flex-col gap-6">
      {lockedMessage ? (
        <Banner
          tone="warning"
          title={t('campaigns:locked', { plan: cheapestPlanWithCampaigns().name })}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to="/vendor/billing">{t('campaigns:lockedAction')}</Link>
            </Button>
          }
        />
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {isUnlimited(usage.limit)
              ? t('campaigns:usageUnlimited', { count: usage.used })
              : t('campaigns:usage', { used: usage.used, count: usage.limit })}
          </p>
          {full ? (
            <Banner
              tone="info"
              title={t('campaigns:usageFull')}
              action={
                <Button asChild variant="outline" size="sm">
                  <Link to="/vendor/billing">{t('campaigns:lockedAction')}</Link>
                </Button>
              }
            />
          ) : null}
          {notice ? (
            <Banner tone="success" role="status">
              {notice}
            </Banner>
          ) : null}
          <Composer full={full} onDone={setNotice} />
        </>
      )}
      <CampaignTable list={list.data} onCancelled={setNotice} />
      {lockedMessage ? null : <CampaignLifts list={list.data} onSpendSaved={() => void list.refetch()} />}
    </div>
  );
}

/** /vendor/campaigns: the owner writes to a segment of its customers and sees how each campaign did (decision 045). */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  useDocumentTitle(t('campaigns:title'));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('campaigns:title')} description={t('campaigns:description')} />
      <ApprovedVendorGuard ownerOnly={t('campaigns:title')}>{() => <CampaignsContent />}</ApprovedVendorGuard>
    </div>
  );
}
