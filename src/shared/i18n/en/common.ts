import { BRAND } from '../../brand';

/** Texts every public page shows: the header navigation and the footer. */
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
  'badge.premium': 'Premium',
};
