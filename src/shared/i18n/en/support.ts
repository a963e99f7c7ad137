import { BRAND } from '@shared/brand';

/** The Support page (/support). Tags such as <clubs> and <privacy> are the links the screen names. */
export default {
  title: 'Support',
  description: 'Help with your cards, stamps, rewards and vendor account.',
  'email.title': 'E-mail us',
  'email.description': 'For anything about your account, cards or billing.',
  'whatsapp.title': 'WhatsApp',
  'whatsapp.description': 'Quick questions, also from the counter.',
  'whatsapp.action': 'Chat on WhatsApp',
  'customers.title': 'For customers',
  'vendors.title': 'For vendors',
  privacyNote: 'Read how we handle your data in our <privacy>Privacy Policy</privacy>.',
  'customers.cost.question': 'Does {{brand}} cost anything for customers?',
  'customers.cost.answer':
    'No. Collecting stamps and earning rewards is free. Some exclusive clubs have a yearly membership fee, which is shown on the card and paid to the vendor.',
  'customers.addCard.question': 'How do I add a loyalty card?',
  'customers.addCard.answer':
    "Open <clubs>Vendor Clubs</clubs>, pick a card and press Join Club (or Claim Now, Join Exclusive Club, Start Collecting - FREE). The card appears on your dashboard straight away. Scanning a vendor's QR code at the counter adds its card too.",
  'customers.stamp.question': 'How do I collect a stamp?',
  'customers.stamp.answer':
    'At the counter, press Scan QR Code on your dashboard and scan the code the staff shows you, or show your own QR code for them to scan. A stamp can be collected once per visit.',
  'customers.redeem.question': 'How do I redeem a reward?',
  'customers.redeem.answer':
    'When a card is full, press Redeem Reward and show the live reward code to the staff. They confirm it, you enjoy the reward, and the card starts over.',
  'customers.soldOut.question': 'A daily deal says "Sold out". Will there be more?',
  'customers.soldOut.answer': `${BRAND.dailyName} deals have limited stock and update every 24 hours. Check back tomorrow for new deals.`,
  'customers.emails.question': 'How do I stop the e-mails?',
  'customers.emails.answer':
    'Choose which e-mails you get on <preferences>Email Preferences</preferences>, or use the unsubscribe link at the bottom of any e-mail.',
  'vendors.join.question': 'How do I bring my business to {{brand}}?',
  'vendors.join.answer':
    'Fill in the <application>vendor application</application>. We review every application within 24-48 hours and e-mail you the result.',
  'vendors.cost.question': 'What does it cost?',
  'vendors.cost.answer':
    'Plans start at PKR 2,500 a month. Compare the limits and features on the <pricing>pricing page</pricing>; you can change plan at any time from your billing page.',
  'vendors.stamps.question': 'How do my customers collect stamps?',
  'vendors.stamps.answer':
    'Open Issue Stamp in your vendor dashboard: it shows a QR code that changes every few seconds, so a photo of it is useless. The customer scans it, or your staff scan the customer’s own code.',
  'vendors.staff.question': 'Can my staff issue stamps without my password?',
  'vendors.staff.answer':
    'Yes. Invite your staff from the vendor dashboard; they sign in with their own account and can issue stamps and confirm rewards, but not change billing.',
  'vendors.limit.question': 'What happens when I reach my plan limit?',
  'vendors.limit.answer':
    'Your dashboard shows a Plan Limit Reached banner. Upgrade your plan to add more cards or issue more stamps this month.',
};
