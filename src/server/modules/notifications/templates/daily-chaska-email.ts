import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

/** A Daily Chaska (or, with `hourly`, an hourly flash) deal announcement to people who opted in. */
export function dailyChaskaEmail(input: {
  name: string;
  vendorName: string;
  city: string;
  dealTitle: string;
  /** Already formatted with formatPKR. */
  dealPrice?: string;
  originalPrice?: string;
  endsAt?: string;
  dealUrl: string;
  hourly?: boolean;
  unsubscribeUrl?: string;
}): RenderedEmail {
  const price = input.dealPrice ? (input.originalPrice ? `${input.dealPrice} instead of ${input.originalPrice}` : input.dealPrice) : null;
  const kind = input.hourly ? `Hourly ${BRAND.name}` : BRAND.dailyName;
  return renderLayout({
    subject: `${kind}: ${input.dealTitle} at ${input.vendorName}`,
    heading: `Today's ${kind} deal`,
    paragraphs: [
      `Hi ${input.name}, ${input.vendorName} in ${input.city} has a new deal: ${input.dealTitle}.`,
      ...(price ? [`Price: ${price}.`] : []),
      ...(input.endsAt ? [`Hurry, the deal ends ${input.endsAt}.`] : []),
    ],
    action: { label: 'Claim the deal', url: input.dealUrl },
    footerNote: `You receive this e-mail because ${kind} e-mails are on in your ${BRAND.name} e-mail preferences.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
