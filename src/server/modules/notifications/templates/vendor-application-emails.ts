import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/** "Application received": sent to the owner e-mail given on /vendor-signup. */
export function vendorApplicationReceivedEmail(input: {
  ownerName: string;
  businessName: string;
  city: string;
  statusUrl: string;
}): RenderedEmail {
  const values = { name: input.ownerName, business: input.businessName, city: input.city };
  return renderLayout({
    subject: t('emails:application.subject', values),
    heading: t('emails:application.heading'),
    paragraphs: [t('emails:application.intro', values), t('emails:application.review'), t('emails:application.next')],
    action: { label: t('emails:application.action'), url: input.statusUrl },
    footerNote: t('emails:application.footer'),
  });
}
