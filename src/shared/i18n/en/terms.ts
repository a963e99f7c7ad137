import { BRAND } from '@shared/brand';

/**
 * The Terms of Service page (/terms). The body is one long text an admin can rewrite: a line that
 * starts with "## " is a heading, blank lines separate paragraphs (rendered as text, never as HTML).
 */
export default {
  title: 'Terms of Service',
  updated: 'These terms apply to every customer, vendor and visitor of {{brand}}.',
  body: `## 1. Who we are
${BRAND.name} is a digital loyalty-card marketplace for restaurants, cafes, bakeries, sweet shops and other local businesses in Pakistan. These terms govern your use of the website and its services. By creating an account or using ${BRAND.name}, you agree to them.

## 2. Your account
You must give a true name and an e-mail address you can read. Keep your password and any two-factor codes to yourself; you are responsible for what happens under your account. You may close your account at any time.

## 3. Stamps and rewards
Stamps are collected by scanning the QR code shown at a partner vendor's counter, or by showing your own code to the staff. Each vendor decides its cards, the number of stamps a reward needs and the reward itself. Rewards have no cash value, cannot be exchanged for money and cannot be transferred to another person. Stamps obtained by copying codes, by automation or by any other misuse are void, and the account may be suspended.

## 4. Vendors
Vendors apply to join and are listed only after approval. A vendor is responsible for honouring the rewards of its active cards, for the accuracy of its listing and for complying with the laws of Pakistan that apply to its business. Paid plans are billed monthly in Pakistani rupees (PKR) through our payment provider and can be changed or cancelled from the billing page.

## 5. Fair use
Do not misuse the service: no false information, no attempts to break or overload the service, no harassment of vendors, staff or other customers, and no use of the service for anything unlawful.

## 6. E-mails
We send account e-mails (such as verification and password resets) to every account. Other e-mails, such as stamp notices, rewards and daily deals, follow your e-mail preferences, and every such e-mail has an unsubscribe link.

## 7. Privacy
How we handle personal data is described in our Privacy Policy.

## 8. Changes and liability
We may change these terms; the version on this page is the one that applies. The service is provided as it is, and to the extent the law allows we are not liable for a vendor's failure to provide a reward or for losses caused by interruptions of the service.

## 9. Law and contact
These terms are governed by the laws of Pakistan. Questions about them can be sent to ${BRAND.supportEmail}.`,
};
