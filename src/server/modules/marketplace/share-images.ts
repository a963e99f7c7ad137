import { cheapestPlanWithSocialSharing, featureNeedsPlanMessage } from '@shared/billing/plans';
import { LINK_IMAGE_SIZE, SQUARE_IMAGE_SIZE, vendorPagePath } from '@shared/marketplace/share';
import type { Executor } from '@server/db/client';
import { notFound, planRequired } from '@server/errors';
import { loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { isDrawableEmoji, renderJpeg, renderPng } from './render-png';
import { shareImageKey } from './share-image-cache';
import {
  cardLinkLayout,
  logoMark,
  siteLayout,
  todayDealSquareLayout,
  vendorLinkLayout,
  type CardPictureSubject,
} from './share-layouts';
import {
  findCardShareSubject,
  findVendorShareSubject,
  listVendorShareCards,
  type CardShareSubject,
  type VendorShareSubject,
} from './share-subjects';
import { cardDealTerms } from './share-wording';

/**
 * A picture to serve: its cache key (a hash of everything it shows, decided from the database
 * without drawing) and how to draw it. The route answers 304 or from the cache by the key alone.
 */
export interface ShareImagePlan {
  key: string;
  draw: () => Promise<Buffer>;
  type: 'image/png' | 'image/jpeg';
}

/** PNG for links and the vendor's downloads; JPEG for Instagram, which publishes nothing else. */
export type PictureFormat = 'png' | 'jpeg';

/** A picture's plan in a format: JPEG pictures are cached under keys of their own. */
function inFormat({
  format,
  kind,
  content,
  layout,
  size,
}: {
  format: PictureFormat;
  kind: string;
  /** Everything the picture shows: its cache key. */
  content: unknown;
  layout: () => Parameters<typeof renderPng>[0];
  size: { width: number; height: number };
}): ShareImagePlan {
  if (format === 'jpeg') {
    return { key: shareImageKey(`${kind}.jpeg`, content), draw: () => renderJpeg(layout(), size), type: 'image/jpeg' };
  }
  return { key: shareImageKey(kind, content), draw: () => renderPng(layout(), size), type: 'image/png' };
}

/** The vendor's page address as printed on a picture: "chaska.pk/vendors/karachi-chai-house". */
export function printedAddress(publicUrl: string, slug: string): string {
  const url = new URL(publicUrl);
  return `${url.host}${url.pathname.replace(/\/$/, '')}${vendorPagePath(slug)}`;
}

export const VENDOR_IMAGE_NOT_FOUND = 'There is no vendor page at this address.';
export const CARD_IMAGE_NOT_FOUND = 'There is no live card at this address.';
export const NO_CARD_TO_SHARE = 'You have no live card to share yet. Activate a card on Cards first.';

export function siteImage(format: PictureFormat = 'png'): ShareImagePlan {
  return inFormat({
    format,
    kind: 'site',
    content: LINK_IMAGE_SIZE,
    layout: () => siteLayout(LINK_IMAGE_SIZE),
    size: LINK_IMAGE_SIZE,
  });
}

/** Below the plan, a vendor's or card's picture is the brand's: the route sends the visitor there. */
export type PublicImageAnswer = { kind: 'image'; image: ShareImagePlan } | { kind: 'site' };

async function markOf(vendor: VendorShareSubject) {
  return logoMark(vendor, await isDrawableEmoji(vendor.logo));
}

export async function vendorImage(db: Executor, publicUrl: string, slug: string): Promise<PublicImageAnswer> {
  const vendor = await findVendorShareSubject(db, slug);
  if (!vendor) throw notFound(VENDOR_IMAGE_NOT_FOUND);
  if (!vendor.socialSharing) return { kind: 'site' };
  const mark = await markOf(vendor);
  const address = printedAddress(publicUrl, vendor.slug);
  return {
    kind: 'image',
    image: inFormat({
      format: 'png',
      kind: 'vendor',
      content: { vendor, mark, address },
      layout: () => vendorLinkLayout(LINK_IMAGE_SIZE, vendor, mark, address),
      size: LINK_IMAGE_SIZE,
    }),
  };
}

function cardPicture(
  kind: 'card' | 'square',
  subject: CardPictureSubject,
  format: PictureFormat = 'png',
): ShareImagePlan {
  const { card, mark, address, now } = subject;
  // The words that depend on the time ("Ends today at ...") are part of the key, not the clock.
  const content = { card, mark, address, terms: cardDealTerms(card, now) };
  return kind === 'card'
    ? inFormat({ format, kind, content, layout: () => cardLinkLayout(LINK_IMAGE_SIZE, subject), size: LINK_IMAGE_SIZE })
    : inFormat({
        format,
        kind,
        content,
        layout: () => todayDealSquareLayout(SQUARE_IMAGE_SIZE, subject),
        size: SQUARE_IMAGE_SIZE,
      });
}

export async function cardImage(
  db: Executor,
  { publicUrl, cardId, format = 'png' }: { publicUrl: string; cardId: string; format?: PictureFormat },
  now: Date,
): Promise<PublicImageAnswer> {
  const card = await findCardShareSubject(db, cardId, now);
  if (!card) throw notFound(CARD_IMAGE_NOT_FOUND);
  if (!card.vendor.socialSharing) return { kind: 'site' };
  const mark = await markOf(card.vendor);
  return {
    kind: 'image',
    image: cardPicture('card', { card, mark, address: printedAddress(publicUrl, card.vendor.slug), now }, format),
  };
}

/** Refuses a vendor below social media integration: "This feature needs the Premium plan." */
export async function assertSocialSharing(db: Executor, vendorId: string): Promise<void> {
  const vendor = await loadVendor(db, vendorId);
  if (!planOf(vendor).limits.socialSharing)
    throw planRequired(featureNeedsPlanMessage(cheapestPlanWithSocialSharing()));
}

/** The square post of one of the vendor's live cards (today's deal first when none is chosen). */
export async function todayDealImage(
  db: Executor,
  input: { vendorId: string; cardId?: string | undefined; publicUrl: string },
  now: Date,
): Promise<{ image: ShareImagePlan; card: CardShareSubject }> {
  await assertSocialSharing(db, input.vendorId);
  const [card] = await listVendorShareCards(db, input.vendorId, now, input.cardId);
  if (!card) throw notFound(input.cardId ? CARD_IMAGE_NOT_FOUND : NO_CARD_TO_SHARE);
  const mark = await markOf(card.vendor);
  const address = printedAddress(input.publicUrl, card.vendor.slug);
  return { image: cardPicture('square', { card, mark, address, now }), card };
}
