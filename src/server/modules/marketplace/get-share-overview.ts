import type { ShareOverview } from '@shared/marketplace/share-api';
import { cheapestPlanWithSocialSharing, featureNeedsPlanMessage } from '@shared/billing/plans';
import { cardPagePath, vendorPagePath } from '@shared/marketplace/share';
import type { Executor } from '@server/db/client';
import { loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { listVendorShareCards } from './share-subjects';

/**
 * The vendor's "Share today's deal" panel: whether the plan includes it (the refusal worded as
 * the image route words it), the vendor's page and its live cards, today's deal first.
 */
export async function getShareOverview(
  db: Executor,
  input: { vendorId: string; publicUrl: string },
  now: Date,
): Promise<ShareOverview> {
  const vendor = await loadVendor(db, input.vendorId);
  const allowed = planOf(vendor).limits.socialSharing;
  const cards = await listVendorShareCards(db, vendor.id, now);
  return {
    allowed,
    lockedMessage: allowed ? null : featureNeedsPlanMessage(cheapestPlanWithSocialSharing()),
    vendorUrl: `${input.publicUrl}${vendorPagePath(vendor.slug)}`,
    cards: cards.map((card) => ({
      id: card.id,
      name: card.name,
      cardType: card.cardType,
      isDeal: card.dealPrice !== null,
      shareUrl: `${input.publicUrl}${cardPagePath(vendor.slug, card.id)}`,
    })),
  };
}
