import { serverText as t } from '@server/lib/texts';
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
  const kind = t(input.hourly ? 'emails:deal.kindHourly' : 'emails:deal.kindDaily');
  const values = { name: input.name, vendor: input.vendorName, city: input.city, deal: input.dealTitle, kind };
  const price = input.dealPrice
    ? input.originalPrice
      ? t('emails:deal.priceInstead', { price: input.dealPrice, original: input.originalPrice })
      : t('emails:deal.price', { price: input.dealPrice })
    : null;
  return renderLayout({
    subject: t('emails:deal.subject', values),
    heading: t('emails:deal.heading', values),
    paragraphs: [
      t('emails:deal.intro', values),
      ...(price ? [price] : []),
      ...(input.endsAt ? [t('emails:deal.endsAt', { endsAt: input.endsAt })] : []),
    ],
    action: { label: t('emails:deal.action'), url: input.dealUrl },
    footerNote: t('emails:deal.footer', values),
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
