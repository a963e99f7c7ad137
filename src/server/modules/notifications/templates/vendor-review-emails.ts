import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

export function vendorApprovedEmail(input: { ownerName: string; businessName: string; dashboardUrl: string }): RenderedEmail {
  return renderLayout({
    subject: `${input.businessName} is approved on ${BRAND.name}`,
    heading: `Welcome aboard, ${input.businessName}!`,
    paragraphs: [
      `Hi ${input.ownerName}, your vendor application has been approved.`,
      'Create your first loyalty card, print your counter QR code and start rewarding your regulars today.',
    ],
    action: { label: 'Open my vendor dashboard', url: input.dashboardUrl },
  });
}

export function vendorRejectedEmail(input: { ownerName: string; businessName: string; reason: string | null; supportUrl: string }): RenderedEmail {
  return renderLayout({
    subject: `Your ${BRAND.name} application for ${input.businessName}`,
    heading: 'About your vendor application',
    paragraphs: [
      `Hi ${input.ownerName}, thank you for applying to ${BRAND.name} with ${input.businessName}.`,
      'We are not able to approve the application at this time.',
      ...(input.reason ? [`Reason: ${input.reason}`] : []),
      'If you have questions or would like to apply again with updated details, our support team is happy to help.',
    ],
    action: { label: 'Contact support', url: input.supportUrl },
  });
}
