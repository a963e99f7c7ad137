import { BRAND } from '../../brand';

/**
 * Texts every public page shows: the header navigation and the footer, and the words the card
 * tiles and vendor tiles share (card-type badges, "Honoured at", business categories), and the
 * 404 page (in the entry, like the header).
 */
export default {
  'nav.vendorClubs': 'Vendor Clubs',
  'nav.dailyChaska': BRAND.dailyName,
  'nav.exclusive': 'Exclusive',
  'nav.freeCards': 'Free Cards',
  'header.signIn': 'Sign in',
  'header.getStarted': 'Get Started',
  'header.dashboard': 'Dashboard',
  'header.openMenu': 'Open menu',
  'header.home': '{{brand}} home',
  'footer.tagline': BRAND.tagline,
  'footer.description': 'Digital loyalty cards for restaurants, cafes, bakeries and sweet shops across Pakistan.',
  'footer.note': 'Made for local businesses in Pakistan.',
  'footer.copyright': '© {{year}} {{brand}}.',
  'footer.becomeVendor': 'Become a vendor',
  'footer.pricing': 'Pricing',
  'footer.support': 'Support',
  'footer.privacy': 'Privacy',
  'footer.terms': 'Terms',
  'notFound.title': 'Page not found',
  'notFound.text': 'The page you are looking for does not exist or has moved.',
  'notFound.home': 'Go to the home page',
  'badge.premium': 'Premium',
  'badge.cardType.stamp': 'STAMP',
  'badge.cardType.free': 'free',
  'badge.cardType.hotShot': 'HOT SHOT',
  'badge.cardType.exclusive': 'EXCLUSIVE',
  'badge.cardType.dailyChaska': 'DAILY CHASKA',
  'card.honouredAt': 'Honoured at: {{names}}',
  'category.restaurant': 'Restaurant',
  'category.cafe': 'Café',
  'category.bakery': 'Bakery',
  'category.dessert': 'Dessert',
  'category.sweets': 'Sweets',
  'category.retail': 'Retail',
  'category.salon': 'Salon',
  'category.pharmacy': 'Pharmacy',
  'category.electronics': 'Electronics',
  'category.clothing': 'Clothing',
  'category.other': 'Other',
};
