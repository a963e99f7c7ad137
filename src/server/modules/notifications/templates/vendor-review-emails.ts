import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

export function vendorApprovedEmail(input: {
  ownerName: string;
  businessName: string;
  dashboardUrl: string;
}): RenderedEmail {
  const values = { name: input.ownerName, business: input.businessName };
  return renderLayout({
    subject: t('emails:approved.subject', values),
    heading: t('emails:approved.heading', values),
    paragraphs: [t('emails:approved.intro', values), t('emails:approved.next')],
    action: { label: t('emails:approved.action'), url: input.dashboardUrl },
  });
}

export function vendorRejectedEmail(input: {
  ownerName: string;
  businessName: string;
  reason: string | null;
  supportUrl: string;
}): RenderedEmail {
  const values = { name: input.ownerName, business: input.businessName };
  return renderLayout({
    subject: t('emails:rejected.subject', values),
    heading: t('emails:rejected.heading'),
    paragraphs: [
      t('emails:rejected.intro', values),
      t('emails:rejected.decision'),
      ...(input.reason ? [t('emails:rejected.reason', { reason: input.reason })] : []),
      t('emails:rejected.help'),
    ],
    action: { label: t('emails:rejected.action'), url: input.supportUrl },
  });
}
