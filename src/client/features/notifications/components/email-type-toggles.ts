import type { EmailToggleKey } from '@shared/email';

/** The rows of the "Email types" list: SPEC.md's flags in the order a customer thinks of them. */
export const EMAIL_TYPE_TOGGLES: ReadonlyArray<{ key: EmailToggleKey; label: string; description: string }> = [
  { key: 'welcome_emails', label: 'Welcome emails', description: 'A hello and a short tour when you join.' },
  {
    key: 'stamp_notifications',
    label: 'Stamp notifications',
    description: 'Each time a vendor adds a stamp to one of your cards.',
  },
  {
    key: 'reward_notifications',
    label: 'Reward notifications',
    description: 'When a card is complete and a reward is waiting for you.',
  },
  { key: 'daily_chaska', label: 'Daily Chaska', description: "Today's Daily Chaska deals from vendors near you." },
  {
    key: 'hourly_chaska',
    label: 'Hourly Chaska',
    description: 'Flash deals the moment they go live. Up to one an hour.',
  },
  {
    key: 'vendor_updates',
    label: 'Vendor updates',
    description: 'News and messages from vendors whose cards you hold.',
  },
  { key: 'marketing_emails', label: 'Marketing emails', description: 'Offers, new cities and news from Chaska.' },
];
