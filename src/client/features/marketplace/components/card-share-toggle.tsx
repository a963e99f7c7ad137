import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicCard } from '@shared/marketplace';
import { Button } from '@client/components/ui/button';
import '@client/features/marketplace/marketplace-texts';

// The share buttons (and their icons) download when a visitor opens them, so the listings' first
// download stays small: this button has no icon of its own for the same reason.
const CardShareBar = lazy(() =>
  import('@client/features/share/components/share-bar').then((module) => ({ default: module.CardShareBar })),
);

/** A card tile's Share: opens the share buttons for the card's own address (its vendor page, at the card). */
export function CardShareToggle({ card }: { card: PublicCard }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  const panelId = `card-${card.id}-share`;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('marketplace:share.openLabel', { name: card.name })}
        onClick={() => setOpen((value) => !value)}
      >
        {t('marketplace:share.open')}
      </Button>
      {open ? (
        <div id={panelId}>
          <Suspense fallback={null}>
            <CardShareBar card={card} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
