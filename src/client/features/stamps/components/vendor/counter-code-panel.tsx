import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileDown, Maximize, Minimize } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import type { CardCode } from '@shared/stamps/stamps';
import type { VendorCard } from '@shared/cards/vendor-cards';
import { Button } from '@client/components/ui/button';
import { FormField, Select } from '@client/components/ui/form-field';
// The customer area's rotating code display (QR, typed form, countdown), shared rather than copied.
import { RotatingCodePanel } from '@client/components/codes/rotating-code-panel';
import { counterCodeQueryKey, useCounterCode } from '@client/features/stamps/api/get-counter-code';
import { useCounterCodeUsed } from '@client/features/notifications/api/live-counter-code-used';
import { useQrStyle } from '@client/features/stamps/api/get-qr-style';
import { POSTER_SIZES } from '@shared/stamps/qr-style';
import { OrderQuantity } from './order-quantity';
import { KioskEntry } from './kiosk-entry';

/** How long "a stamp was just collected" stays on the counter screen. */
const USED_NOTICE_MS = 8_000;

/** Pick a card and show its rotating counter code; full screen turns a tablet into the counter display. */
/** A card the counter can show: the vendor's own, or a partner card it honours (with its owner's name). */
export type CounterCard = Pick<VendorCard, 'id' | 'name' | 'status' | 'stampsRequired' | 'rewardTitle'> & {
  partnerOf?: string;
};

export function CounterCodePanel({
  cards,
  businessName,
  branchId,
}: {
  cards: CounterCard[];
  businessName: string;
  /** The counter's branch, chosen above the tabs (decision 089); null: none named. */
  branchId: string | null;
}) {
  const { t } = useTranslation('vendor');
  const active = cards.filter((card) => card.status === 'active');
  const [chosen, setChosen] = useState<string | null>(null);
  const cardId = chosen ?? active[0]?.id ?? null;
  const queryClient = useQueryClient();
  const [justUsed, setJustUsed] = useState(false);
  // Stamps for the next order (where the vendor allows several); back to one once its code is used.
  const [quantity, setQuantity] = useState(1);
  // A code gives one stamp (or one order's): when the code on show is used, fetch the next one at once.
  const live = useCounterCodeUsed((used) => {
    const key = counterCodeQueryKey(cardId, quantity, branchId);
    if (queryClient.getQueryData<CardCode>(key)?.codeId !== used.codeId) return;
    setJustUsed(true);
    if (quantity > 1) setQuantity(1);
    else void queryClient.refetchQueries({ queryKey: key });
  });
  const counter = useCounterCode(cardId, { liveConnected: live.connected, quantity, branchId });
  const maxStampsPerVisit = counter.data?.maxStampsPerVisit ?? (quantity > 1 ? quantity : 1);
  const qrStyle = useQrStyle().data?.style;
  useEffect(() => {
    if (!justUsed) return;
    const timer = setTimeout(() => setJustUsed(false), USED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [justUsed]);
  const stage = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    const sync = () => setFullScreen(document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  if (active.length === 0) {
    return <p className="text-sm text-stone-600">{t('vendor:counter.noActive')}</p>;
  }
  const card = active.find((candidate) => candidate.id === cardId);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FormField label={t('vendor:counter.card')} className="sm:w-72">
          <Select value={cardId ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {active.map((option) => (
              <option key={option.id} value={option.id}>
                {option.partnerOf
                  ? t('vendor:counter.partnerOption', { card: option.name, owner: option.partnerOf })
                  : option.name}
              </option>
            ))}
          </Select>
        </FormField>
        <OrderQuantity max={maxStampsPerVisit} value={quantity} onChange={setQuantity} />
        <Button
          variant="outline"
          onClick={() => {
            // A refusal (not allowed on this page or device) leaves the screen as it is, which is what the person sees.
            if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
            else void stage.current?.requestFullscreen?.().catch(() => undefined);
          }}
        >
          {fullScreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          {fullScreen ? t('vendor:counter.exitFullScreen') : t('vendor:counter.showFullScreen')}
        </Button>
        <KioskEntry cardId={cardId} branchId={branchId} />
      </div>
      <div
        ref={stage}
        role="region"
        aria-label={t('vendor:counter.screen')}
        className="flex flex-col items-center gap-4 rounded-xl bg-white p-4 [&:fullscreen]:justify-center [&:fullscreen]:p-10"
      >
        <div className="text-center">
          <p className="text-sm font-medium text-brand-700">{businessName}</p>
          <p className="text-xl font-bold text-stone-900">
            {quantity > 1 ? t('vendor:counter.scanToCollectSeveral', { quantity }) : t('vendor:counter.scanToCollect')}
          </p>
          {card ? (
            <p className="text-sm text-stone-600">
              {t('vendor:counter.cardLine', { card: card.name, count: card.stampsRequired, reward: card.rewardTitle })}
            </p>
          ) : null}
        </div>
        <p aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-sm font-medium text-green-800">
          {justUsed ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('vendor:counter.justUsed')}
            </>
          ) : null}
        </p>
        <RotatingCodePanel
          code={counter.data?.code}
          qrLabel={card ? t('vendor:counter.qrLabel', { card: card.name }) : t('vendor:counter.qrLabelNoCard')}
          qrStyle={qrStyle}
          error={counter.error}
          onRetry={() => void counter.refetch()}
          className={fullScreen ? '[&>div:first-child]:max-w-[min(70vh,32rem)]' : undefined}
        />
        {/* White-label (Enterprise) counters carry no Chaska name or mark. */}
        {qrStyle?.showBrand ? (
          <p className="text-xs text-stone-500">{t('vendor:counter.loyaltyBy', { name: qrStyle.brandName })}</p>
        ) : null}
        {fullScreen ? (
          <Button variant="outline" onClick={() => void document.exitFullscreen().catch(() => undefined)}>
            {t('vendor:counter.exitFullScreen')}
          </Button>
        ) : null}
      </div>
      {cardId ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-stone-700">{t('vendor:counter.poster')}</span>
          {POSTER_SIZES.map((size) => (
            <Button key={size} asChild size="sm" variant="outline">
              <a href={`/api/vendor/counter-poster.pdf?size=${size}&cardId=${cardId}`} download>
                <FileDown aria-hidden="true" />
                {t('vendor:counter.downloadPoster', { size })}
              </a>
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
