import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Lock, Maximize } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import '@client/lib/vendor-texts';
import { useTranslation } from '@client/lib/translation';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useWakeLock } from '@client/lib/use-wake-lock';
import type { CardCode } from '@shared/stamps/stamps';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { RotatingCodePanel } from '@client/components/codes/rotating-code-panel';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { counterCodeQueryKey, useCounterCode } from '@client/features/stamps/api/get-counter-code';
import { useQrStyle } from '@client/features/stamps/api/get-qr-style';
import { useCounterCodeUsed, type CounterStamped } from '@client/features/notifications/api/live-counter-code-used';
import { useKioskSettings } from '@client/features/stamps/api/kiosk-pin';
import { enterFullScreen, exitFullScreen, useFullScreen } from './kiosk-full-screen';
import { lockedKioskBranch, lockedKioskCard, lockKiosk, unlockKiosk } from './kiosk-lock';
import { LeaveKioskDialog } from './kiosk-pin-dialogs';
import { useCounterCards } from './use-counter-cards';

/** How long the last stamp's confirmation stays on the counter (the next customer need not read it). */
const CONFIRMATION_MS = 30_000;

const ISSUE_STAMP_PATH = '/vendor/issue-stamp';

/** "Bilal: 4 of 10", large, for the customer at the counter; nothing until a stamp arrives. */
function StampConfirmation({ stamp }: { stamp: (CounterStamped & { at: number }) | null }) {
  const { t } = useTranslation('vendor');
  const name = stamp?.firstName.trim();
  const counts = stamp ? { collected: stamp.stampsCollected, required: stamp.stampsRequired } : null;
  return (
    <div aria-live="polite" className="flex min-h-24 items-center justify-center">
      {stamp && counts ? (
        <div
          key={stamp.at}
          className="flex items-center gap-3 rounded-2xl bg-green-50 px-5 py-3 text-green-900 ring-1 ring-green-200 motion-safe:animate-pop-in"
        >
          <CheckCircle2 aria-hidden="true" className="size-9 shrink-0 text-green-700" />
          <div className="text-start">
            <p className="text-sm font-medium">{t('vendor:kiosk.stampCollected')}</p>
            <p className="text-2xl font-bold sm:text-3xl">
              {name ? t('vendor:kiosk.progress', { name, ...counts }) : t('vendor:kiosk.progressNoName', counts)}
            </p>
            {stamp.stampsCollected >= stamp.stampsRequired ? (
              <p className="text-base font-semibold">{t('vendor:kiosk.rewardEarned')}</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function KioskScreen({ businessName }: { businessName: string }) {
  const { t } = useTranslation('vendor');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cardId = params.get('card') ?? lockedKioskCard();
  // The branch chosen where the kiosk was set up (Issue Stamp), kept with its card (decision 089).
  const branchId = params.get('branch') ?? lockedKioskBranch();
  const { query: cards, counterCards } = useCounterCards();
  const settings = useKioskSettings();
  const pinSet = settings.data?.pinSet;
  const queryClient = useQueryClient();
  const [lastStamp, setLastStamp] = useState<(CounterStamped & { at: number }) | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { fullScreen, available } = useFullScreen();
  useWakeLock(true);

  // A code gives one stamp: the used one is replaced at once; the stamp it gave is confirmed.
  const live = useCounterCodeUsed(
    (used) => {
      const key = counterCodeQueryKey(cardId, 1, branchId);
      if (queryClient.getQueryData<CardCode>(key)?.codeId !== used.codeId) return;
      void queryClient.refetchQueries({ queryKey: key });
    },
    (stamped) => {
      if (stamped.cardId === cardId) setLastStamp({ ...stamped, at: Date.now() });
    },
  );
  const counter = useCounterCode(cardId, { liveConnected: live.connected, branchId });
  const qrStyle = useQrStyle().data?.style;

  useEffect(() => {
    if (!lastStamp) return;
    const timer = setTimeout(() => setLastStamp(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [lastStamp]);

  // Opened by its address (a bookmark on the tablet): locked like a kiosk started from Issue Stamp.
  // Without a PIN nobody could leave it, so there is no kiosk until the owner sets one.
  useEffect(() => {
    if (pinSet && cardId) lockKiosk(cardId, branchId);
    if (pinSet === false) {
      unlockKiosk();
      void navigate(ISSUE_STAMP_PATH, { replace: true });
    }
  }, [pinSet, cardId, branchId, navigate]);

  const leave = () => {
    setLeaving(false);
    unlockKiosk();
    exitFullScreen();
    void navigate(ISSUE_STAMP_PATH, { replace: true });
  };

  if (cards.isPending || settings.isPending) return <CenteredSpinner />;
  const card = counterCards.find((candidate) => candidate.id === cardId && candidate.status === 'active');

  return (
    <div
      role="region"
      aria-label={t('vendor:kiosk.screen')}
      className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-white"
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-4 sm:p-8 lg:flex-row lg:gap-16">
        <div className="flex max-w-xl flex-col items-center gap-2 text-center lg:order-2 lg:items-start lg:text-start">
          <p className="text-base font-semibold text-brand-700 sm:text-xl">{businessName}</p>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-4xl">{t('vendor:counter.scanToCollect')}</h1>
          {card ? (
            <p className="text-stone-700 sm:text-lg">
              {t('vendor:counter.cardLine', { card: card.name, count: card.stampsRequired, reward: card.rewardTitle })}
            </p>
          ) : null}
          <StampConfirmation stamp={lastStamp} />
        </div>
        <div className="w-full lg:order-1 lg:w-auto">
          {card ? (
            <RotatingCodePanel
              code={counter.data?.code}
              qrLabel={t('vendor:counter.qrLabel', { card: card.name })}
              qrStyle={qrStyle}
              error={counter.error}
              onRetry={() => void counter.refetch()}
              className="[&>div:first-child]:max-w-[min(52dvh,82vw,34rem)] lg:[&>div:first-child]:w-[min(62dvh,34rem)]"
            />
          ) : (
            <Banner tone="warning">{cards.isError ? cards.error.message : t('vendor:kiosk.noCard')}</Banner>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 px-4 py-2">
        {/* White-label (Enterprise) counters carry no Chaska name or mark. */}
        <p className="text-xs text-stone-500">
          {qrStyle?.showBrand ? t('vendor:counter.loyaltyBy', { name: qrStyle.brandName }) : null}
        </p>
        <div className="flex flex-wrap gap-2">
          {available && !fullScreen ? (
            <Button variant="outline" size="sm" onClick={enterFullScreen}>
              <Maximize aria-hidden="true" />
              {t('vendor:kiosk.fullScreen')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setLeaving(true)}>
            <Lock aria-hidden="true" />
            {t('vendor:kiosk.leave')}
          </Button>
        </div>
      </div>
      <LeaveKioskDialog open={leaving} onOpenChange={setLeaving} onLeave={leave} />
    </div>
  );
}

/** Issue Stamp as the counter tablet (kiosk mode): the code large, the last stamp confirmed, a PIN to leave. */
export function KioskPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:kiosk.title'));
  return (
    <ApprovedVendorGuard>
      {(member) => <KioskScreen businessName={member.membership.businessName} />}
    </ApprovedVendorGuard>
  );
}
