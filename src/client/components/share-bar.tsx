import { Check, Copy, MessageCircleMore, Share2, ThumbsUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import shareTexts from '@shared/i18n/en/share';
import type { PublicCard, PublicVendorDetail } from '@shared/marketplace/marketplace';
import { cardPagePath, facebookShareHref, vendorPagePath, whatsappShareHref } from '@shared/marketplace/share';
import { Button } from '@client/components/ui/button';
import { Disclosure } from '@client/components/ui/disclosure';
import { registerCatalogue } from '@client/lib/i18n';
import { useBrowserValue, useInteractive } from '@client/lib/use-browser-value';
import { cityName } from '@client/components/place-options';

// The share texts travel with the buttons, in the chunk of the pages that show them.
registerCatalogue('share', shareTexts);

export interface ShareBarProps {
  /** The absolute address to share. */
  url: string;
  /** The message that goes with it (WhatsApp's text, the share sheet's text). */
  text: string;
  /** The share sheet's title. */
  title: string;
  /** Names the group for screen readers: "Share Karachi Chai House". */
  label: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** The site's address for shared links; a server-rendered page writes paths until it is hydrated. */
function usePageOrigin(): string {
  return useBrowserValue(() => window.location.origin, '');
}

/**
 * One-tap sharing of a page (decision 034): WhatsApp and Facebook links, Copy link with a visible
 * confirmation, and the phone's own share sheet where the browser has one (Web Share API).
 * WhatsApp and Facebook show the preview the server put in the page's head.
 */
export function ShareBar({ url, text, title, label }: ShareBarProps) {
  const { t } = useTranslation('share');
  const [copy, setCopy] = useState<CopyState>('idle');
  // The phone's share sheet (Web Share API): most phones, few desktop browsers.
  const canShare = useBrowserValue(() => typeof navigator.share === 'function', false);
  const linkField = useRef<HTMLInputElement>(null);
  // Copying needs the script: the button waits for it rather than dropping a tap (decision 059).
  const interactive = useInteractive();

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [copy]);
  useEffect(() => {
    if (copy === 'failed') linkField.current?.select();
  }, [copy]);

  async function shareNatively() {
    try {
      await navigator.share({ title, text, url });
    } catch {
      // Closing the share sheet is not an error worth showing.
    }
  }

  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={whatsappShareHref(text, url)} target="_blank" rel="noopener noreferrer">
            <MessageCircleMore aria-hidden="true" className="text-green-700" />
            {t('share:whatsapp')}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={facebookShareHref(url)} target="_blank" rel="noopener noreferrer">
            <ThumbsUp aria-hidden="true" className="text-blue-700" />
            {t('share:facebook')}
          </a>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!interactive}
          onClick={() => void copyText(url).then((copied) => setCopy(copied ? 'copied' : 'failed'))}
        >
          {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {t('share:copy')}
        </Button>
        {canShare ? (
          <Button variant="outline" size="sm" onClick={() => void shareNatively()}>
            <Share2 aria-hidden="true" />
            {t('share:more')}
          </Button>
        ) : null}
      </div>
      <p role="status" className="min-h-5 text-sm font-medium text-green-800">
        {copy === 'copied' ? t('share:copied') : ''}
      </p>
      {copy === 'failed' ? (
        <label className="flex flex-col gap-1 text-sm text-stone-700">
          {t('share:copyFailed')}
          <input
            ref={linkField}
            readOnly
            value={url}
            className="h-9 rounded-lg border border-stone-300 px-2 text-stone-900"
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      ) : null}
    </div>
  );
}

/** The share buttons of one card: its address is its vendor's page, at the card. */
export function CardShareBar({ card }: { card: PublicCard }) {
  const { t } = useTranslation('share');
  const origin = usePageOrigin();
  return (
    <ShareBar
      url={`${origin}${cardPagePath(card.vendor.slug, card.id)}`}
      title={card.name}
      text={t('share:cardText', { card: card.name, vendor: card.vendor.businessName })}
      label={t('share:cardLabel', { name: card.name })}
    />
  );
}

/** The share buttons of a vendor's public page. */
export function VendorShareBar({ vendor }: { vendor: Pick<PublicVendorDetail, 'slug' | 'businessName' | 'city'> }) {
  const { t } = useTranslation('share');
  const origin = usePageOrigin();
  return (
    <ShareBar
      url={`${origin}${vendorPagePath(vendor.slug)}`}
      title={vendor.businessName}
      text={t('share:vendorText', { name: vendor.businessName, city: cityName(vendor.city, t) })}
      label={t('share:vendorLabel', { name: vendor.businessName })}
    />
  );
}

/** A card tile's Share: opens the share buttons for the card's own address (its vendor page, at the card). */
export function CardShareToggle({ card }: { card: PublicCard }) {
  const { t } = useTranslation('share');
  return (
    <Disclosure
      panelId={`card-${card.id}-share`}
      accessibleName={t('share:cardLabel', { name: card.name })}
      icon={<Share2 aria-hidden="true" />}
      label={t('share:open')}
    >
      <CardShareBar card={card} />
    </Disclosure>
  );
}

/** The tiles' Share, for CardGrid's `cardAction`. */
export function cardShareAction(card: PublicCard) {
  return <CardShareToggle card={card} />;
}
