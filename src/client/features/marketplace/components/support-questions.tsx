import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';

export interface Question {
  question: string;
  answer: ReactNode;
}

const link = 'font-semibold text-brand-700 underline hover:text-brand-800';

export const CUSTOMER_QUESTIONS: readonly Question[] = [
  {
    question: `Does ${BRAND.name} cost anything for customers?`,
    answer: `No. Collecting stamps and earning rewards is free. Some exclusive clubs have a yearly membership fee, which is shown on the card and paid to the vendor.`,
  },
  {
    question: 'How do I add a loyalty card?',
    answer: (
      <>
        Open{' '}
        <Link to="/vendor-clubs" className={link}>
          Vendor Clubs
        </Link>
        , pick a card and press Join Club (or Claim Now, Join Exclusive Club, Start Collecting - FREE). The card appears
        on your dashboard straight away. Scanning a vendor&apos;s QR code at the counter adds its card too.
      </>
    ),
  },
  {
    question: 'How do I collect a stamp?',
    answer:
      'At the counter, press Scan QR Code on your dashboard and scan the code the staff shows you, or show your own QR code for them to scan. A stamp can be collected once per visit.',
  },
  {
    question: 'How do I redeem a reward?',
    answer:
      'When a card is full, press Redeem Reward and show the live reward code to the staff. They confirm it, you enjoy the reward, and the card starts over.',
  },
  {
    question: 'A daily deal says "Sold out". Will there be more?',
    answer: `${BRAND.dailyName} deals have limited stock and update every 24 hours. Check back tomorrow for new deals.`,
  },
  {
    question: 'How do I stop the e-mails?',
    answer: (
      <>
        Choose which e-mails you get on{' '}
        <Link to="/email-preferences" className={link}>
          Email Preferences
        </Link>
        , or use the unsubscribe link at the bottom of any e-mail.
      </>
    ),
  },
];

export const VENDOR_QUESTIONS: readonly Question[] = [
  {
    question: `How do I bring my business to ${BRAND.name}?`,
    answer: (
      <>
        Fill in the{' '}
        <Link to="/vendor-signup" className={link}>
          vendor application
        </Link>
        . We review every application within 24-48 hours and e-mail you the result.
      </>
    ),
  },
  {
    question: 'What does it cost?',
    answer: (
      <>
        Plans start at PKR 2,500 a month. Compare the limits and features on the{' '}
        <Link to="/pricing" className={link}>
          pricing page
        </Link>
        ; you can change plan at any time from your billing page.
      </>
    ),
  },
  {
    question: 'How do my customers collect stamps?',
    answer:
      'Open Issue Stamp in your vendor dashboard: it shows a QR code that changes every few seconds, so a photo of it is useless. The customer scans it, or your staff scan the customer’s own code.',
  },
  {
    question: 'Can my staff issue stamps without my password?',
    answer: 'Yes. Invite your staff from the vendor dashboard; they sign in with their own account and can issue stamps and confirm rewards, but not change billing.',
  },
  {
    question: 'What happens when I reach my plan limit?',
    answer: 'Your dashboard shows a Plan Limit Reached banner. Upgrade your plan to add more cards or issue more stamps this month.',
  },
];
