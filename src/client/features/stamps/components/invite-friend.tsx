import { UserPlus } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Disclosure } from '@client/components/ui/disclosure';
import { ShareBar } from '@client/components/share-bar';
import { useCreateInvite } from '@client/features/stamps/api/create-invite';
import '@client/lib/customer-texts';

/**
 * A card tile's "Invite a friend": fetches the customer's invitation for the card (its code on
 * the vendor page's address) and opens the share buttons (WhatsApp, copy, the phone's share sheet).
 */
export function InviteFriend({ cardId, cardName }: { cardId: string; cardName: string }) {
  const { t } = useTranslation('customer');
  const invite = useCreateInvite();
  return (
    <Disclosure
      panelId={`card-${cardId}-invite`}
      icon={<UserPlus aria-hidden="true" />}
      label={t('customer:referral.invite')}
      panelClassName="flex flex-col gap-2 rounded-lg bg-brand-50 p-3"
      onOpenChange={(open) => {
        if (open && !invite.data && !invite.isPending) invite.mutate(cardId);
      }}
    >
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
    </Disclosure>
  );
}
