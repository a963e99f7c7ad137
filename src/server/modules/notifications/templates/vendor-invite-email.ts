import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/** An admin's invitation to a business to apply as a vendor (e-mail type vendor_invite). */
export function vendorInviteEmail(input: {
  name: string | null;
  message: string | null;
  signupUrl: string;
  inviterName: string;
}): RenderedEmail {
  const values = { name: input.name ?? '', inviter: input.inviterName };
  return renderLayout({
    subject: t('emails:vendorInvite.subject'),
    heading: t('emails:vendorInvite.heading'),
    paragraphs: [
      t(input.name ? 'emails:vendorInvite.introNamed' : 'emails:vendorInvite.intro', values),
      ...(input.message ? [input.message] : []),
      t('emails:vendorInvite.how'),
    ],
    action: { label: t('emails:vendorInvite.action'), url: input.signupUrl },
    footerNote: t('emails:vendorInvite.footer'),
  });
}
