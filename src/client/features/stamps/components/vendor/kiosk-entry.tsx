import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import { useSession } from '@client/lib/use-session';
import { Button } from '@client/components/ui/button';
import { useKioskSettings } from '@client/features/stamps/api/kiosk-pin';
import { enterFullScreen } from './kiosk-full-screen';
import { kioskPathFor, lockKiosk } from './kiosk-lock';
import { SetKioskPinDialog } from './kiosk-pin-dialogs';

/**
 * "Kiosk mode" on the counter: the chosen card's code full screen on a tablet, kept awake, with a
 * PIN to leave. Without a PIN the owner sets one first; staff are told to ask the owner.
 */
export function KioskEntry({ cardId, branchId }: { cardId: string | null; branchId: string | null }) {
  const { t } = useTranslation('vendor');
  const navigate = useNavigate();
  const { user } = useSession();
  const isOwner = user?.membership?.role === 'owner';
  const settings = useKioskSettings();
  const pinSet = settings.data?.pinSet;
  const [pinDialog, setPinDialog] = useState<'first' | 'change' | null>(null);

  const start = () => {
    if (!cardId) return;
    lockKiosk(cardId, branchId);
    // Asked for within the tap; the page stays full screen across the move to the kiosk screen.
    enterFullScreen();
    void navigate(kioskPathFor(cardId, branchId));
  };

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={!cardId || settings.isPending || (pinSet === false && !isOwner)}
          onClick={() => (pinSet ? start() : setPinDialog('first'))}
        >
          <MonitorSmartphone aria-hidden="true" />
          {t('vendor:kiosk.start')}
        </Button>
        {pinSet && isOwner ? (
          <Button variant="ghost" onClick={() => setPinDialog('change')}>
            {t('vendor:kiosk.changePin')}
          </Button>
        ) : null}
      </div>
      {pinSet === false && !isOwner ? <p className="text-sm text-stone-600">{t('vendor:kiosk.ownerSetsPin')}</p> : null}
      {isOwner ? (
        <SetKioskPinDialog
          open={pinDialog !== null}
          onOpenChange={(open) => setPinDialog(open ? pinDialog : null)}
          firstTime={pinDialog === 'first'}
          onSaved={() => {
            const first = pinDialog === 'first';
            setPinDialog(null);
            if (first) start();
          }}
        />
      ) : null}
    </div>
  );
}
