import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/** The owner of a vendor invites someone to issue stamps as staff. */
export function staffInvitationEmail(input: {
  businessName: string;
  inviterName: string;
  acceptUrl: string;
  days: number;
}): RenderedEmail {
  const values = { business: input.businessName, inviter: input.inviterName };
  return renderLayout({
    subject: t('emails:staff.subject', values),
    heading: t('emails:staff.heading', values),
    paragraphs: [
      t('emails:staff.intro', values),
      t('emails:staff.role'),
      t('emails:staff.howToAccept', { count: input.days }),
    ],
    action: { label: t('emails:staff.action'), url: input.acceptUrl },
    footerNote: t('emails:staff.footer'),
  });
}
