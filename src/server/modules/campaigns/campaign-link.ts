import { deriveKey, sign, verifySignature } from '@server/lib/signing';

const PURPOSE = 'campaign-link';
/** The address a campaign e-mail's button leads through: `/api/campaigns/open/<recipient>?t=<signature>`. */
export const CAMPAIGN_LINK_PATH = '/api/campaigns/open';

/**
 * The tracked link of one recipient's e-mail. It carries no destination: the redirect goes to the
 * campaign's vendor page, read from the database, so the link cannot be turned into an open
 * redirect; the signature stops anyone counting opens for recipients they are not.
 */
export function campaignLinkUrl(publicUrl: string, secret: string, recipientId: string): string {
  return `${publicUrl}${CAMPAIGN_LINK_PATH}/${recipientId}?t=${sign(deriveKey(secret, PURPOSE), recipientId)}`;
}

export function verifyCampaignLink(secret: string, recipientId: string, signature: string): boolean {
  return verifySignature(deriveKey(secret, PURPOSE), recipientId, signature);
}

/**
 * Where a tracked link may lead: the vendor's public page on this site, and only there. A slug
 * that would leave the path (it never should: slugs are checked on save) falls back to the home page.
 */
export function campaignLinkTarget(publicUrl: string, vendorSlug: string | null): string {
  const home = `${publicUrl}/`;
  if (!vendorSlug) return home;
  const target = new URL(`${publicUrl}/vendors/${encodeURIComponent(vendorSlug)}`);
  const site = new URL(publicUrl);
  return target.origin === site.origin && target.pathname.startsWith('/vendors/') ? target.toString() : home;
}
