import { SHARED_CARD_PARAM } from './shared-card-param';

/**
 * Sharing a vendor page or a card (decision 034): the addresses people share, the share links of
 * WhatsApp and Facebook, and the generated images' addresses and sizes. No zod here: the card
 * tiles of /vendor-clubs carry this file in their first download.
 */

export { SHARED_CARD_PARAM };

/** A card id as the share address carries it (a UUID). */
export const SHARED_CARD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What WhatsApp and Facebook show best for a link: 1.91:1. */
export const LINK_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** A post of its own (WhatsApp status, Facebook and Instagram feeds): square. */
export const SQUARE_IMAGE_SIZE = { width: 1080, height: 1080 } as const;

export function vendorPagePath(slug: string): string {
  return `/vendors/${encodeURIComponent(slug)}`;
}

/** A card's share address: its vendor's page, scrolled to the card, with the card's own preview. */
export function cardPagePath(slug: string, cardId: string): string {
  return `${vendorPagePath(slug)}?${SHARED_CARD_PARAM}=${encodeURIComponent(cardId)}`;
}

/** The generated preview images (PNG, LINK_IMAGE_SIZE), served by the server at these paths. */
export const SHARE_IMAGE_PATHS = {
  /** The brand's image: listing pages, and vendors below the plan with social media integration. */
  site: '/og/site.png',
  vendor: (slug: string) => `/og/vendor/${encodeURIComponent(slug)}.png`,
  card: (cardId: string) => `/og/deal/${encodeURIComponent(cardId)}.png`,
} as const;

/** The same pictures as JPEG, for Instagram (it publishes JPEG only): the Social Media Agent's posts. */
export const SHARE_JPEG_PATHS = {
  site: '/og/site.jpg',
  card: (cardId: string) => `/og/deal/${encodeURIComponent(cardId)}.jpg`,
} as const;

/** The vendor's square image of today's deal (signed in, Premium and up). */
export const TODAY_DEAL_IMAGE_PATH = '/api/vendor/share/today-deal.png';

/** WhatsApp's share link: the text and the address in one message, the person picks the chat. */
export function whatsappShareHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Facebook's share dialog for an address (it reads the page's Open Graph tags). */
export function facebookShareHref(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}
