import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

/** An admin's invitation to a business to apply as a vendor (e-mail type vendor_invite). */
export function vendorInviteEmail(input: { name: string | null; message: string | null; signupUrl: string; inviterName: string }): RenderedEmail {
  return renderLayout({
    subject: `You're invited to bring your business to ${BRAND.name}`,
    heading: `Join ${BRAND.name} as a vendor`,
    paragraphs: [
      `${input.name ? `Hi ${input.name}` : 'Hello'}, ${input.inviterName} from the ${BRAND.name} team invites you to put your loyalty card on ${BRAND.name}.`,
      ...(input.message ? [input.message] : []),
      'Customers collect stamps by scanning a QR code at your counter and earn the rewards you choose. Applying takes a few minutes; we review applications within 24-48 hours.',
    ],
    action: { label: 'Apply as a vendor', url: input.signupUrl },
    footerNote: `You receive this e-mail because someone at ${BRAND.name} invited this address. If it was not meant for you, you can ignore it.`,
  });
}
