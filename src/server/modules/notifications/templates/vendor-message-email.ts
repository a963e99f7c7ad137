import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/**
 * The subject line of a vendor's message: "Bilal Karahi House: Weekend special", but a subject that
 * already names the shop ("Welcome to Bilal Karahi House!", the welcome automation's default) is
 * not prefixed again. The e-mail and its push notification share it.
 */
export function vendorMessageSubject(vendorName: string, subject: string): string {
  if (subject.toLocaleLowerCase().includes(vendorName.trim().toLocaleLowerCase())) return subject;
  return t('emails:vendorMessage.subject', { vendor: vendorName, subject });
}

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
    subject: vendorMessageSubject(input.vendorName, input.subject),
    heading: input.subject,
    paragraphs: [t('emails:vendorMessage.intro', values), ...paragraphs],
    action: { label: t('emails:vendorMessage.action', values), url: input.vendorUrl },
    footerNote: t('emails:vendorMessage.footer', values),
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
