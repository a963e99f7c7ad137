import { BRAND } from '@shared/brand';
import { HOME_TITLE } from '@shared/seo/page-heads';

/**
 * The heads the server writes into public pages (<title>, description, the social tags) and
 * answers at GET /api/page-head, in the reader's language (src/server/modules/seo/page-head.ts).
 * A page's name becomes "Name · Chaska" (formatPageTitle). An admin's SEO override of a page
 * comes before these in every language.
 */
export default {
  'home.title': HOME_TITLE,
  'home.description': `${BRAND.name}: digital loyalty cards for restaurants, cafes, bakeries and sweet shops across Pakistan. Collect stamps by QR code and earn rewards.`,
  'vendorClubs.name': 'Vendor Clubs',
  'vendorClubs.description': `Join the loyalty clubs of restaurants, cafes, bakeries and sweet shops near you on ${BRAND.name}, and collect a stamp on every visit.`,
  'dailyChaska.name': BRAND.dailyName,
  'dailyChaska.description': `Today's specials from local vendors on ${BRAND.dailyName}: limited stock at a discount, updated every 24 hours.`,
  'exclusive.name': 'Exclusive Cards',
  'exclusive.description': `VIP loyalty clubs with member-only benefits at premium vendors across Pakistan, on ${BRAND.name}.`,
  'freeCards.name': 'Free Cards',
  'freeCards.description': `Loyalty cards you can start collecting for free at local vendors, on ${BRAND.name}.`,
  'vendorSignup.name': 'Apply for your shop',
  'vendorSignup.description': `Apply to bring your restaurant, cafe, bakery or sweet shop to ${BRAND.name} and reward your regular customers.`,
  'pricing.name': 'Pricing',
  'pricing.description': `Monthly ${BRAND.name} plans for vendors in PKR: Starter, Standard, Premium and Enterprise.`,
  'support.name': 'Support',
  'support.description': `Help with ${BRAND.name} cards, stamps, rewards and vendor accounts: contact us by e-mail or WhatsApp.`,
  'privacy.name': 'Privacy Policy',
  'privacy.description': `How ${BRAND.name} collects, uses and protects your personal information.`,
  'terms.name': 'Terms of Service',
  'terms.description': `The terms for customers, vendors and visitors of ${BRAND.name}: accounts, stamps and rewards, vendors and fair use.`,
  'auth.name': 'Sign in',
  'auth.description': `Sign in or create your ${BRAND.name} account.`,
  'vendor.notFound': 'Vendor not found',
  'vendor.place': '{{category}} in {{area}}, {{city}}.',
  'vendor.collect': 'Collect stamps and earn rewards at {{vendor}} with {{brand}}.',
  'card.title': '{{card}} at {{vendor}}',
  'card.reward_one': 'Collect {{count}} stamp, get {{reward}}',
  'card.reward_other': 'Collect {{count}} stamps, get {{reward}}',
  'card.priceInstead': '{{price}} instead of {{was}}',
  'card.priceSaving': '{{price}} ({{saving}})',
  'card.saving': '{{percent}}% off',
  'card.membership': 'Membership {{fee}} a year',
  'card.description': '{{offer}} at {{where}}, with {{brand}}.',
  'card.withPrice': '{{price}}. {{rest}}',
  'card.withMembership': '{{rest}} {{membership}}.',
  'siteImage.alt': `${BRAND.name}: ${BRAND.tagline}`,
};
