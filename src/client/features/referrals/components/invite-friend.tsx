import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ShareBar } from '@client/features/share/components/share-bar';
import { useCreateInvite } from '@client/features/referrals/api/create-invite';
import '@client/lib/customer-texts';

/**
 * A card tile's "Invite a friend": fetches the customer's invitation for the card (its code on
 * the vendor page's address) and opens the share buttons (WhatsApp, copy, the phone's share sheet).
 */
export function InviteFriend({ cardId, cardName }: { cardId: string; cardName: string }) {
  const { t } = useTranslation('customer');
  const invite = useCreateInvite();
  const [open, setOpen] = useState(false);
  const panelId = `card-${cardId}-invite`;

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && !invite.data && !invite.isPending) invite.mutate(cardId);
  }

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <UserPlus aria-hidden="true" />
        {t('customer:referral.invite')}
      </Button>
      {open ? (
        <div id={panelId} className="flex flex-col gap-2 rounded-lg bg-brand-50 p-3">
          {invite.isPending ? (
            <p role="status" className="text-sm text-stone-700">
              {t('customer:referral.loading')}
            </p>
          ) : invite.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {invite.error.message}
            </p>
          ) : invite.data ? (
            <>
              <p className="text-sm font-semibold text-stone-900">
                {t('customer:referral.inviteTitle', { vendor: invite.data.vendorName })}
              </p>
              <p className="text-sm text-stone-700">
                {t('customer:referral.inviteText', { vendor: invite.data.vendorName })}
              </p>
              <ShareBar
                url={`${window.location.origin}${invite.data.path}`}
                title={invite.data.cardName}
                text={t('customer:referral.shareText', { vendor: invite.data.vendorName, card: cardName })}
                label={t('customer:referral.shareLabel', { card: cardName })}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
