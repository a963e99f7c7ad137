import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

/** "Application received": sent to the owner e-mail given on /vendor-signup. */
export function vendorApplicationReceivedEmail(input: {
  ownerName: string;
  businessName: string;
  city: string;
  statusUrl: string;
}): RenderedEmail {
  return renderLayout({
    subject: `We received your ${BRAND.name} application for ${input.businessName}`,
    heading: 'Application received',
    paragraphs: [
      `Hi ${input.ownerName}, thank you for applying to bring ${input.businessName} (${input.city}) to ${BRAND.name}.`,
      'We will review your application and get back to you within 24-48 hours.',
      'Once approved, you can create your loyalty cards, print your counter QR code and start rewarding your regulars.',
    ],
    action: { label: 'See my application', url: input.statusUrl },
    footerNote: `You receive this e-mail because this address was given as the owner e-mail of a vendor application on ${BRAND.name}.`,
  });
}
