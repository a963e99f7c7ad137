import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import {
  CAMPAIGN_SEGMENT_KEYS,
  CAMPAIGN_STATUS_KEYS,
  type Campaign,
  type CampaignList,
} from '@shared/campaigns/campaigns';
import { formatLongDateTime } from '@shared/pakistan-time';
import { formatNumber } from '@shared/number-format';
import '@client/features/campaigns/campaigns-texts';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@client/components/ui/table';
import { useCancelCampaign } from '@client/features/campaigns/api/campaigns';
import { cancellable, shownStatus, STATUS_TONES } from './campaign-rules';

/** Who the campaign reached, one figure a line: recipients, then sent, delivered and links opened. */
function Reach({ figures }: { figures: Campaign['figures'] }) {
  const { t } = useTranslation('campaigns');
  return (
    <ul className="tabular-nums">
      <li className="font-medium text-stone-900">
        {t('campaigns:list.reach.recipients', { count: figures.recipients })}
      </li>
      <li>{t('campaigns:list.reach.sent', { count: figures.sent })}</li>
      <li>{t('campaigns:list.reach.delivered', { count: figures.delivered })}</li>
      <li>{t('campaigns:list.reach.opened', { count: figures.opened })}</li>
    </ul>
  );
}

const PHONE_STATE_TEXT = {
  sent: 'campaigns:list.phone.sent',
  delivered: 'campaigns:list.phone.delivered',
  read: 'campaigns:list.phone.read',
  failed: 'campaigns:list.phone.failed',
} as const;
const PHONE_CHANNEL_TEXT = { whatsapp: 'campaigns:list.phone.whatsapp', sms: 'campaigns:list.phone.sms' } as const;

/** Each channel's messages by the state its provider last reported, the states with none left out. */
function PhoneDeliveries({ byPhone }: { byPhone: Campaign['figures']['byPhone'] }) {
  const { t } = useTranslation('campaigns');
  const lines = (['whatsapp', 'sms'] as const).flatMap((channel) => {
    const states = (Object.keys(PHONE_STATE_TEXT) as Array<keyof typeof PHONE_STATE_TEXT>)
      .filter((state) => byPhone[channel][state] > 0)
      .map((state) => t(PHONE_STATE_TEXT[state], { count: byPhone[channel][state] }));
    return states.length > 0 ? [{ channel, text: t(PHONE_CHANNEL_TEXT[channel], { states: states.join(', ') }) }] : [];
  });
  if (lines.length === 0) return <span className="text-stone-500">{t('campaigns:list.phone.none')}</span>;
  return (
    <ul className="max-w-44">
      {lines.map((line) => (
        <li key={line.channel}>{line.text}</li>
      ))}
    </ul>
  );
}

export function CampaignTable({ list, onCancelled }: { list: CampaignList; onCancelled: (message: string) => void }) {
  const { t } = useTranslation('campaigns');
  const cancel = useCancelCampaign();
  const [cancelling, setCancelling] = useState<Campaign | null>(null);
  const now = new Date();
  return (
    <Card title={t('campaigns:list.title')} description={t('campaigns:list.cameBackHint')} flush>
      {list.campaigns.length === 0 ? (
        <EmptyState icon={<Megaphone aria-hidden="true" />} title={t('campaigns:list.empty')} />
      ) : (
        <Table label={t('campaigns:list.title')}>
          <TableHead>
            <TableRow>
              <TableHeaderCell className="text-start">{t('campaigns:list.campaign')}</TableHeaderCell>
              <TableHeaderCell className="text-start">{t('campaigns:list.status')}</TableHeaderCell>
              <TableHeaderCell className="text-start">{t('campaigns:list.reach')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('campaigns:list.cameBack')}</TableHeaderCell>
              <TableHeaderCell className="text-start">{t('campaigns:list.byPhone')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.campaigns.map((campaign) => {
              const status = shownStatus(campaign, now);
              return (
                <TableRow key={campaign.id}>
                  <TableCell>
                    <div className="max-w-48">
                      <span className="block font-medium text-stone-900">{campaign.subject}</span>
                      <span className="block text-xs text-stone-600">
                        {t('campaigns:list.to', {
                          segment:
                            campaign.segment === 'lapsed' && campaign.lapsedDays
                              ? t('campaigns:segment.lapsedFor', { days: campaign.lapsedDays })
                              : t(CAMPAIGN_SEGMENT_KEYS[campaign.segment]),
                        })}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell>
                    {/*
                      One box, so that a phone's card shows it as one value. A scheduled campaign's
                      Cancel sits under its status and date: a column of its own would not fit 1,280 px.
                    */}
                    <div className="flex max-w-36 flex-col items-start gap-1">
                      <Badge tone={STATUS_TONES[status]}>{t(CAMPAIGN_STATUS_KEYS[status])}</Badge>
                      <span className="text-xs text-stone-600">{formatLongDateTime(campaign.sendAt)}</span>
                      {cancellable(campaign, now) ? (
                        <Button size="sm" variant="outline" onClick={() => setCancelling(campaign)}>
                          {t('campaigns:list.cancel')}
                        </Button>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Reach figures={campaign.figures} />
                  </TableCell>
                  <TableCell className="text-end font-medium text-stone-900 tabular-nums">
                    {formatNumber(campaign.figures.cameBack)}
                  </TableCell>
                  <TableCell>
                    <PhoneDeliveries byPhone={campaign.figures.byPhone} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title={t('campaigns:cancel.title')}
        text={t('campaigns:cancel.text')}
        confirmLabel={t('campaigns:cancel.confirm')}
        cancelLabel={t('campaigns:cancel.keep')}
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSettled: () => setCancelling(null),
            onSuccess: () => onCancelled(t('campaigns:cancelled')),
          })
        }
      />
    </Card>
  );
}
