import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

/** The owner of a vendor invites someone to issue stamps as staff. */
export function staffInvitationEmail(input: { businessName: string; inviterName: string; acceptUrl: string; days: number }): RenderedEmail {
  return renderLayout({
    subject: `Join ${input.businessName} on ${BRAND.name}`,
    heading: `${input.businessName} invited you to their team`,
    paragraphs: [
      `${input.inviterName} invited you to join ${input.businessName} on ${BRAND.name} as staff.`,
      'Staff can show the counter QR code, scan customers\' codes to give stamps and confirm rewards.',
      `Open the link below and sign in (or sign up) with this e-mail address to accept. The link works for ${input.days} days.`,
    ],
    action: { label: 'Accept the invitation', url: input.acceptUrl },
    footerNote: 'If you did not expect this invitation, you can ignore this e-mail.',
  });
}
