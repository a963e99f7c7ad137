import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

/** Told to the vendor's owner when an admin suspends the vendor (e-mail type vendor_moderation). */
export function vendorSuspendedEmail(input: {
  ownerName: string;
  businessName: string;
  reason: string;
  supportUrl: string;
}): RenderedEmail {
  const values = { name: input.ownerName, business: input.businessName };
  return renderLayout({
    subject: t('emails:suspended.subject', values),
    heading: t('emails:suspended.heading'),
    paragraphs: [
      t('emails:suspended.intro', values),
      t('emails:suspended.reason', { reason: input.reason }),
      t('emails:suspended.help'),
    ],
    action: { label: t('emails:suspended.action'), url: input.supportUrl },
  });
}

export function vendorUnsuspendedEmail(input: {
  ownerName: string;
  businessName: string;
  dashboardUrl: string;
}): RenderedEmail {
  const values = { name: input.ownerName, business: input.businessName };
  return renderLayout({
    subject: t('emails:unsuspended.subject', values),
    heading: t('emails:unsuspended.heading'),
    paragraphs: [t('emails:unsuspended.intro', values)],
    action: { label: t('emails:unsuspended.action'), url: input.dashboardUrl },
  });
}

/** Told to the vendor's owner when an admin pauses or removes one of its cards (e-mail type vendor_moderation). */
export function cardModeratedEmail(input: {
  ownerName: string;
  businessName: string;
  cardName: string;
  outcome: 'paused' | 'removed';
  reason: string;
  cardsUrl: string;
}): RenderedEmail {
  const values = { name: input.ownerName, business: input.businessName, card: input.cardName };
  const paused = input.outcome === 'paused';
  return renderLayout({
    subject: t(paused ? 'emails:cardPaused.subject' : 'emails:cardRemoved.subject', values),
    heading: t(paused ? 'emails:cardPaused.heading' : 'emails:cardRemoved.heading', values),
    paragraphs: [
      t(paused ? 'emails:cardPaused.intro' : 'emails:cardRemoved.intro', values),
      t('emails:cardModerated.reason', { reason: input.reason }),
      t(paused ? 'emails:cardPaused.next' : 'emails:cardRemoved.next'),
    ],
    action: { label: t('emails:cardModerated.action'), url: input.cardsUrl },
  });
}
