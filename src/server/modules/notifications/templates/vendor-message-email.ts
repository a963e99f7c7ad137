import { BRAND } from '../../../../shared/brand';
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
  return renderLayout({
    subject: `${input.vendorName}: ${input.subject}`,
    heading: input.subject,
    paragraphs: [`Hi ${input.name}, a message from ${input.vendorName}:`, ...paragraphs],
    action: { label: `Visit ${input.vendorName}`, url: input.vendorUrl },
    footerNote: `You receive this e-mail because you hold a loyalty card from ${input.vendorName} and vendor updates are on in your ${BRAND.name} e-mail preferences.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
