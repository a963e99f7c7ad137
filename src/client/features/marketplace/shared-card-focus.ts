import { SHARED_CARD_PARAM } from '@shared/marketplace/shared-card-param';

/**
 * A shared card's address is its vendor's page with ?card=<id>: the card's tile is outlined and
 * brought into view, once per page, and only while the visitor has not scrolled the page.
 *
 * A server-rendered vendor page does it as soon as its script runs (`focusSharedCardOnArrival`),
 * before hydration: done later, the page moved under a tap made meanwhile, and a tap on the
 * invitation's "Sign up to accept" landed on the card instead.
 */
export function focusSharedCard(cardId: string): void {
  const tile = document.getElementById(`card-${cardId}-title`)?.closest('article');
  if (!tile || tile.dataset.sharedCard) return;
  tile.dataset.sharedCard = 'shown';
  tile.style.boxShadow = '0 0 0 3px var(--color-brand-500)';
  // 'nearest' keeps what is above the card (an invitation's banner) in view when the card fits.
  if (window.scrollY === 0) tile.scrollIntoView({ block: 'nearest' });
}

/** For a page the server painted: the card named by the address, if this is such a page. */
export function focusSharedCardOnArrival(): void {
  const cardId = new URLSearchParams(window.location.search).get(SHARED_CARD_PARAM);
  if (cardId) focusSharedCard(cardId);
}
