import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/** A message a vendor sends to a customer who holds one of its cards ("vendor updates"). */
export function vendorMessageEmail(input: {
  name: string;
  vendorName: string;
  subject: string;
  message: string;
  vendorUrl: string;
  unsubscribeUrl?: string;
}): RenderedEmail {
  const paragraphs = input.message
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const values = { name: input.name, vendor: input.vendorName, subject: input.subject };
  return renderLayout({
    subject: t('emails:vendorMessage.subject', values),
    heading: input.subject,
    paragraphs: [t('emails:vendorMessage.intro', values), ...paragraphs],
    action: { label: t('emails:vendorMessage.action', values), url: input.vendorUrl },
    footerNote: t('emails:vendorMessage.footer', values),
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
