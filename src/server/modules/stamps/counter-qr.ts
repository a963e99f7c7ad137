import { and, eq } from 'drizzle-orm';
import { countOf } from '@shared/wording';
import { JOIN_PARAM } from '@shared/marketplace/join-code';
import { drawQr, planQrStyle, type PosterSize, type QrStyle } from '@shared/stamps/qr-style';
import type { Database } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { notFound } from '@server/errors';
import { loadVendor, planOf, type VendorRow } from '@server/modules/billing/vendor-plan';
import { renderCounterPoster } from './poster-pdf';
import { renderQrPng } from './qr-png';

/** The vendor's QR style now: its plan (as billing decides it) applied to its record. */
export function vendorQrStyle(vendor: VendorRow): QrStyle {
  return planQrStyle(planOf(vendor).limits, vendor);
}

/** The static join code's payload: the public page, which joins the card (after sign-in when needed). */
export function joinCodeUrl(publicUrl: string, slug: string, cardId: string): string {
  return `${publicUrl}/vendors/${encodeURIComponent(slug)}?${JOIN_PARAM}=${cardId}`;
}

export async function getCounterQrStyle(db: Database, vendorId: string): Promise<{ style: QrStyle }> {
  return { style: vendorQrStyle(await loadVendor(db, vendorId)) };
}

/** The printable counter poster of one of the vendor's active cards, in the plan's style. */
export async function counterPoster(
  db: Database,
  input: { vendorId: string; cardId: string; size: PosterSize; publicUrl: string },
): Promise<{ pdf: Buffer; fileName: string }> {
  const vendor = await loadVendor(db, input.vendorId);
  const [card] = await db
    .select()
    .from(loyaltyCards)
    .where(
      and(eq(loyaltyCards.id, input.cardId), eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active')),
    )
    .limit(1);
  if (!card) throw notFound('Card not found. Choose one of your active cards.');
  const style = vendorQrStyle(vendor);
  const joinUrl = joinCodeUrl(input.publicUrl, vendor.slug, card.id);
  const drawing = drawQr(joinUrl, style);
  const pdf = await renderCounterPoster({
    size: input.size,
    style,
    drawing,
    qrPng: renderQrPng(drawing),
    businessName: vendor.businessName,
    cardName: card.name,
    rewardLine: `${countOf(card.stampsRequired, 'stamp earns', 'stamps earn')} ${card.rewardTitle}`,
    joinUrl,
  });
  return { pdf, fileName: `counter-poster-${vendor.slug}-${input.size.toLowerCase()}.pdf` };
}
