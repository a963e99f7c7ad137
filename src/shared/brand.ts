/** The product's name lives here only, so a rename is a one-line change. */
export const BRAND = {
  name: 'Chaska',
  dailyName: 'Daily Chaska',
  hourlyName: 'Hourly Chaska',
  tagline: 'Loyalty, extra spicy.',
  supportEmail: 'support@chaska.pk',
  supportWhatsapp: '+923001234567',
} as const;
