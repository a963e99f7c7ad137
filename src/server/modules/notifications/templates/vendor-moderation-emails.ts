import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

/** Told to the vendor's owner when an admin suspends the vendor (e-mail type security). */
export function vendorSuspendedEmail(input: { ownerName: string; businessName: string; reason: string; supportUrl: string }): RenderedEmail {
  return renderLayout({
    subject: `${input.businessName} is suspended on ${BRAND.name}`,
    heading: 'Your vendor account is suspended',
    paragraphs: [
      `Hi ${input.ownerName}, ${input.businessName} and its cards are hidden from customers for now, and stamps cannot be issued.`,
      `Reason: ${input.reason}`,
      'Please contact our support team to resolve this.',
    ],
    action: { label: 'Contact support', url: input.supportUrl },
  });
}

export function vendorUnsuspendedEmail(input: { ownerName: string; businessName: string; dashboardUrl: string }): RenderedEmail {
  return renderLayout({
    subject: `${input.businessName} is live again on ${BRAND.name}`,
    heading: 'Your vendor account is active again',
    paragraphs: [`Hi ${input.ownerName}, ${input.businessName} and its active cards are visible to customers again, and you can issue stamps.`],
    action: { label: 'Open my vendor dashboard', url: input.dashboardUrl },
  });
}

/** Told to the vendor's owner when an admin pauses or removes one of its cards (e-mail type security). */
export function cardModeratedEmail(input: {
  ownerName: string;
  businessName: string;
  cardName: string;
  outcome: 'paused' | 'removed';
  reason: string;
  cardsUrl: string;
}): RenderedEmail {
  return renderLayout({
    subject: `Your card "${input.cardName}" was ${input.outcome} by ${BRAND.name}`,
    heading: `A card of ${input.businessName} was ${input.outcome}`,
    paragraphs: [
      `Hi ${input.ownerName}, the ${BRAND.name} team ${input.outcome} your card "${input.cardName}". Customers no longer see it in the marketplace.`,
      `Reason: ${input.reason}`,
      input.outcome === 'paused'
        ? 'Customers keep the stamps they collected. Please contact support once the issue is fixed.'
        : 'Customers who hold the card keep its history. Please contact support if you have questions.',
    ],
    action: { label: 'Open my cards', url: input.cardsUrl },
  });
}
