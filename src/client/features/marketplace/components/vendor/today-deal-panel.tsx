import { Download, ImageOff, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { TODAY_DEAL_IMAGE_PATH } from '@shared/marketplace/share';
import type { ShareOverview } from '@shared/marketplace/share-api';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { useShareOverview } from '@client/features/marketplace/api/get-share-overview';
import { ShareBar } from '@client/components/share-bar';
import { fetchFile } from '@client/lib/download-file';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

type ShareCard = ShareOverview['cards'][number];

function imageUrl(card: ShareCard): string {
  return `${TODAY_DEAL_IMAGE_PATH}?cardId=${encodeURIComponent(card.id)}`;
}

/** Sends the picture itself to the phone's share sheet (WhatsApp status, Instagram), where the browser can. */
function ShareImageButton({ card, src }: { card: ShareCard; src: string }) {
  const { t } = useTranslation('vendor');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (typeof navigator.canShare !== 'function') return null;
  async function share() {
    setBusy(true);
    setFailed(false);
    try {
      // The PNG picture itself for the share sheet (not a JSON call of the contract).
      const blob = await fetchFile(src);
      const file = new File([blob], 'todays-deal.png', { type: 'image/png' });
      if (!navigator.canShare({ files: [file] })) throw new Error('cannot share files');
      await navigator.share({ files: [file], title: card.name, url: card.shareUrl });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outline" onClick={() => void share()} busy={busy}>
        <Share2 aria-hidden="true" />
        {t('vendor:deal.shareImage')}
      </Button>
      {failed ? <p className="w-full text-sm text-stone-700">{t('vendor:deal.shareFailed')}</p> : null}
    </>
  );
}

function DealImage({ overview }: { overview: ShareOverview }) {
  const { t } = useTranslation('vendor');
  const [cardId, setCardId] = useState(overview.cards[0]?.id ?? '');
  const [attempt, setAttempt] = useState(0);
  const [broken, setBroken] = useState(false);
  const card = overview.cards.find((each) => each.id === cardId) ?? overview.cards[0];
  if (!card) {
    return (
      <p className="text-sm text-stone-700">
        {t('vendor:deal.noCard')}{' '}
        <Link to="/vendor/cards" className={linkClass}>
          {t('vendor:deal.activate')}
        </Link>
      </p>
    );
  }
  const src = imageUrl(card);
  return (
    <div className="flex flex-col gap-4">
      {overview.cards.length > 1 ? (
        <FormField label={t('vendor:deal.cardToPost')} className="max-w-sm">
          <Select
            value={card.id}
            onChange={(event) => {
              setCardId(event.target.value);
              setBroken(false);
            }}
          >
            {overview.cards.map((option) => (
              <option key={option.id} value={option.id}>
                {option.isDeal ? t('vendor:deal.dealOption', { card: option.name }) : option.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {broken ? (
          <div className="flex aspect-square w-full max-w-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-stone-300 p-4 text-center text-sm text-stone-700">
            <ImageOff aria-hidden="true" className="size-6" />
            {t('vendor:deal.broken')}
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setBroken(false);
                setAttempt((value) => value + 1);
              }}
            >
              {t('vendor:tryAgain')}
            </Button>
          </div>
        ) : (
          <img
            key={`${src}#${attempt}`}
            src={src}
            alt={t('vendor:deal.imageAlt', { card: card.name })}
            width={1080}
            height={1080}
            className="aspect-square w-full max-w-72 rounded-lg border border-stone-200 bg-stone-50"
            onError={() => setBroken(true)}
          />
        )}
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={src} download={`todays-deal-${card.id.slice(0, 8)}.png`}>
                <Download aria-hidden="true" />
                {t('vendor:deal.download')}
              </a>
            </Button>
            <ShareImageButton card={card} src={src} />
          </div>
          <div>
            <p className="mb-2 text-sm font-medium text-stone-800">{t('vendor:deal.orLink')}</p>
            <ShareBar
              url={card.shareUrl}
              title={card.name}
              text={card.name}
              label={t('vendor:deal.shareLink', { card: card.name })}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

/** "Share today's deal" (decision 034): the square post of a live card, Premium and up. */
export function TodayDealPanel() {
  const { t } = useTranslation('vendor');
  const overview = useShareOverview();
  return (
    <Card aria-label={t('vendor:deal.title')} title={t('vendor:deal.title')} description={t('vendor:deal.description')}>
      <div>
        {overview.isPending ? (
          <Spinner label={t('vendor:guard.loading')} />
        ) : overview.isError ? (
          <Banner tone="error">{overview.error.message}</Banner>
        ) : overview.data.allowed ? (
          <DealImage overview={overview.data} />
        ) : (
          <p className="text-sm text-stone-700">
            <span>
              {overview.data.lockedMessage}{' '}
              <Link to="/vendor/billing" className={linkClass}>
                {t('vendor:deal.seePlans')}
              </Link>
            </span>
          </p>
        )}
      </div>
    </Card>
  );
}
