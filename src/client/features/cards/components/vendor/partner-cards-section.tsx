import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import type { PartnerStatus } from '@shared/cards/partner-cards';
import type { VendorCard } from '@shared/cards/vendor-cards';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import {
  useCardPartners,
  useChangePartners,
  usePartnerInvitations,
  useRespondToInvitation,
} from '@client/features/cards/api/partner-cards';

const STATUS_TONES: Record<PartnerStatus, BadgeTone> = {
  invited: 'yellow',
  accepted: 'green',
  declined: 'grey',
  left: 'grey',
  removed: 'red',
};

const STATUS_KEYS: Record<PartnerStatus, string> = {
  invited: 'vendor:partnerStatus.invited',
  accepted: 'vendor:partnerStatus.accepted',
  declined: 'vendor:partnerStatus.declined',
  left: 'vendor:partnerStatus.left',
  removed: 'vendor:partnerStatus.removed',
};

/** Invitations from other vendors to honour their cards, and the partner cards this vendor honours. */
export function PartnerInvitationsSection({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const list = usePartnerInvitations();
  const respond = useRespondToInvitation();
  if (!list.data || (list.data.invitations.length === 0 && list.data.honouring.length === 0)) return null;
  const { invitations, honouring } = list.data;
  return (
    <Card
      aria-label={t('vendor:partners.invitations')}
      title={t('vendor:partners.invitations')}
      description={t('vendor:partners.invitationsText')}
    >
      {respond.error ? (
        <Banner tone="error" role="alert">
          {respond.error.message}
        </Banner>
      ) : null}
      <ul className="flex flex-col divide-y divide-stone-200">
        {[...invitations, ...honouring].map((item) => (
          <li key={item.cardId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-medium text-stone-900">{item.cardName}</p>
              <p className="text-sm text-stone-600">
                {t('vendor:partners.from', { owner: item.ownerName })}{' '}
                <Badge tone={STATUS_TONES[item.status]}>{t(STATUS_KEYS[item.status])}</Badge>
              </p>
            </div>
            {isOwner ? (
              <div className="flex gap-2">
                {item.status === 'invited' ? (
                  <>
                    <Button
                      size="sm"
                      disabled={respond.isPending}
                      onClick={() => respond.mutate({ cardId: item.cardId, response: 'accept' })}
                      aria-label={t('vendor:partners.acceptLabel', { card: item.cardName, owner: item.ownerName })}
                    >
                      {t('vendor:partners.accept')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={respond.isPending}
                      onClick={() => respond.mutate({ cardId: item.cardId, response: 'decline' })}
                      aria-label={t('vendor:partners.declineLabel', { card: item.cardName, owner: item.ownerName })}
                    >
                      {t('vendor:partners.decline')}
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={respond.isPending}
                    onClick={() => respond.mutate({ cardId: item.cardId, response: 'leave' })}
                    aria-label={t('vendor:partners.leaveLabel', { card: item.cardName })}
                  >
                    {t('vendor:partners.leave')}
                  </Button>
                )}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The owner's partners of one of its cards: invite by page name or business name, see statuses, remove. */
export function CardPartnersSection({ cards, isOwner }: { cards: VendorCard[]; isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const own = cards.filter((card) => card.status !== 'archived');
  const [chosen, setChosen] = useState<string | null>(null);
  const cardId = chosen ?? own[0]?.id ?? null;
  const partners = useCardPartners(cardId);
  const change = useChangePartners();
  const [partner, setPartner] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (own.length === 0) return null;

  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (!cardId) return;
    setNotice(null);
    change.mutate(
      { kind: 'invite', cardId, partner },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: t('vendor:partners.invited', { partner: partner.trim() }) });
          setPartner('');
        },
        onError: (error) => setNotice({ tone: 'error', text: error.message }),
      },
    );
  };

  const shown = (partners.data?.partners ?? []).filter(
    (row) => row.status === 'invited' || row.status === 'accepted' || row.status === 'declined',
  );
  return (
    <Card
      aria-label={t('vendor:partners.title')}
      title={t('vendor:partners.title')}
      description={t('vendor:partners.text')}
    >
      <div className="flex flex-col gap-4">
        <FormField label={t('vendor:partners.card')} className="sm:w-72">
          <Select value={cardId ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {own.map((card) => (
              <option key={card.id} value={card.id}>
                {card.name}
              </option>
            ))}
          </Select>
        </FormField>
        {isOwner ? (
          <form onSubmit={invite} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <FormField
              label={t('vendor:partners.invitePartner')}
              hint={t('vendor:partners.inviteHint')}
              className="sm:flex-1"
            >
              <Input value={partner} onChange={(event) => setPartner(event.target.value)} autoComplete="off" />
            </FormField>
            <Button type="submit" disabled={change.isPending || partner.trim() === ''}>
              {t('vendor:partners.invite')}
            </Button>
          </form>
        ) : null}
        {notice ? (
          <Banner tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </Banner>
        ) : null}
        {shown.length === 0 ? (
          <p className="text-sm text-stone-600">{t('vendor:partners.none')}</p>
        ) : (
          <ul aria-label={t('vendor:partners.list')} className="flex flex-col divide-y divide-stone-200">
            {shown.map((row) => (
              <li key={row.vendorId} className="flex items-center justify-between gap-2 py-2">
                <span className="text-sm text-stone-900">
                  {row.businessName} <Badge tone={STATUS_TONES[row.status]}>{t(STATUS_KEYS[row.status])}</Badge>
                </span>
                {isOwner && (row.status === 'invited' || row.status === 'accepted') && cardId ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={change.isPending}
                    aria-label={t('vendor:partners.removeLabel', { name: row.businessName })}
                    onClick={() =>
                      change.mutate(
                        { kind: 'remove', cardId, vendorId: row.vendorId },
                        { onError: (error) => setNotice({ tone: 'error', text: error.message }) },
                      )
                    }
                  >
                    {t('vendor:partners.remove')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {partners.data && partners.data.shares.length > 1 ? (
          <table className="w-full text-start text-sm">
            <caption className="pb-2 text-start font-medium text-stone-900">{t('vendor:partners.shares')}</caption>
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-1 font-medium">
                  {t('vendor:partners.vendor')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('vendor:partners.stamps')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('vendor:partners.redeemed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {partners.data.shares.map((share) => (
                <tr key={share.vendorId} className="border-t border-stone-200">
                  <td className="py-1 text-stone-900">{share.businessName}</td>
                  <td className="py-1 text-end">{formatNumber(share.stamps)}</td>
                  <td className="py-1 text-end">{formatNumber(share.redemptions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </Card>
  );
}
