import { BRAND } from '../../brand';

/** The landing page (/). */
export default {
  'hero.tagline': BRAND.tagline,
  'hero.headline': 'Collect stamps at the places you <accent>love</accent>.',
  'hero.intro': `${BRAND.name} puts the loyalty cards of your favourite restaurants, cafes, bakeries and sweet shops on your phone. Scan a QR code at the counter, collect stamps and earn rewards.`,
  'hero.getStarted': 'Get Started',
  'hero.signIn': 'Sign in',
  'hero.dashboard': 'Dashboard',
  'hero.audience': 'For food lovers across Pakistan. Free for customers.',
  'hero.cardTitle': 'Your stamp card',
  'hero.cardHint': 'The last stamp unlocks your reward.',
  'hero.scanBadge': 'Scan at the counter',
  'stats.label': 'Live counts',
  'stats.vendors': 'Approved vendors',
  'stats.programs': 'Active loyalty programs',
  'stats.cities_one': 'City',
  'stats.cities_other': 'Cities',
  'howItWorks.title': 'How it works',
  'howItWorks.intro': 'Three steps from your first visit to your first reward.',
  'howItWorks.step': 'Step {{number}}',
  'howItWorks.find.title': 'Find a vendor',
  'howItWorks.find.text': 'Browse restaurants, cafes, bakeries and sweet shops in your city and pick the cards you like.',
  'howItWorks.collect.title': 'Collect stamps by QR',
  'howItWorks.collect.text': 'Scan the QR code at the counter, or show yours to the staff. Every visit adds a stamp.',
  'howItWorks.earn.title': 'Earn rewards',
  'howItWorks.earn.text': 'Fill a card and redeem your reward right at the counter. Then start collecting again.',
};
