import type { CardType } from '@shared/cards/cards';
import type { City, VendorCategory } from '@shared/places';
import type { PlanId } from '@shared/billing/plans';

export interface DemoVendor {
  businessName: string;
  businessCategory: VendorCategory;
  businessDescription: string;
  logo: string;
  address: string;
  city: City;
  area: string;
  /** The shop's pin (its area's, approximately): "Near me" has the demo's shops to show. */
  pin: { latitude: number; longitude: number };
  phone: string;
  whatsapp: string;
  website?: string;
  plan: PlanId;
  card: {
    name: string;
    description: string;
    cardType: CardType;
    stampsRequired: number;
    rewardTitle: string;
    rewardDescription: string;
    rewardValue: number;
  };
}

/**
 * SPEC.md section 9's seed: six approved vendors (Lahore, Islamabad, Karachi, Lahore, Peshawar,
 * Multan) and six cards needing 8, 10, 6, 5, 7 and 4 stamps worth 2500, 1200, 1800, 900, 3200 and
 * 1500 PKR, covering every card type.
 */
export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    businessName: 'Butt Karahi House',
    businessCategory: 'restaurant',
    businessDescription: 'Desi ghee mutton and chicken karahi cooked to order since 1982.',
    logo: '🍲',
    address: '12 Lakshmi Chowk, Abbott Road',
    city: 'Lahore',
    area: 'Gowalmandi',
    pin: { latitude: 31.5735, longitude: 74.3143 },
    phone: '+92 42 37321234',
    whatsapp: '+92 300 4123456',
    plan: 'premium',
    card: {
      name: 'Karahi Lovers Club',
      description: 'Collect a stamp with every full karahi and enjoy a family feast on us.',
      cardType: 'hot_shot',
      stampsRequired: 8,
      rewardTitle: 'Free Family Karahi',
      rewardDescription: 'One full mutton karahi with naan for the table.',
      rewardValue: 2500,
    },
  },
  {
    businessName: 'Chai Khana Café',
    businessCategory: 'cafe',
    businessDescription: 'Doodh patti, kashmiri chai and fresh bun kebabs near Jinnah Super.',
    logo: '☕',
    address: 'Shop 4, Jinnah Super Market',
    city: 'Islamabad',
    area: 'F-7 Markaz',
    pin: { latitude: 33.7207, longitude: 73.0557 },
    phone: '+92 51 2654321',
    whatsapp: '+92 321 5123456',
    website: 'https://chaikhana.example.pk',
    plan: 'standard',
    card: {
      name: 'Chai Rewards',
      description: 'Every tenth cup of chai and a snack is on the house.',
      cardType: 'free',
      stampsRequired: 10,
      rewardTitle: 'Chai and Bun Kebab Platter',
      rewardDescription: 'Two cups of doodh patti with a bun kebab platter.',
      rewardValue: 1200,
    },
  },
  {
    businessName: 'Burns Road Sweets',
    businessCategory: 'sweets',
    businessDescription: 'Rabri, gulab jamun and fresh mithai from the heart of Burns Road.',
    logo: '🍬',
    address: 'Plot 27, Burns Road',
    city: 'Karachi',
    area: 'Saddar',
    pin: { latitude: 24.8601, longitude: 67.0268 },
    phone: '+92 21 32212345',
    whatsapp: '+92 333 2123456',
    plan: 'premium',
    card: {
      name: 'Mithai Exclusive Club',
      description: 'Members collect stamps on every kilo of mithai for a festive box.',
      cardType: 'exclusive',
      stampsRequired: 6,
      rewardTitle: 'Festive Mithai Box',
      rewardDescription: 'A 2 kg assorted mithai box for Eid or a wedding.',
      rewardValue: 1800,
    },
  },
  {
    businessName: 'Gulberg Bakers',
    businessCategory: 'bakery',
    businessDescription: 'Fresh bread, pastries and chicken patties baked every morning.',
    logo: '🥐',
    address: '45 Main Boulevard',
    city: 'Lahore',
    area: 'Gulberg III',
    pin: { latitude: 31.5161, longitude: 74.3491 },
    phone: '+92 42 35712345',
    whatsapp: '+92 302 4234567',
    // Daily Chaska comes with Standard and above (plans.ts cardTypes).
    plan: 'standard',
    card: {
      name: 'Daily Pastry Deal',
      description: "Today's deal: a dozen fresh pastries at a special price.",
      cardType: 'daily_chaska',
      stampsRequired: 5,
      rewardTitle: 'Pastry Dozen',
      rewardDescription: 'Twelve fresh pastries of your choice.',
      rewardValue: 900,
    },
  },
  {
    businessName: 'Namak Mandi Tikka',
    businessCategory: 'restaurant',
    businessDescription: 'Charcoal-grilled lamb tikka and rosh from Namak Mandi.',
    logo: '🍖',
    address: 'Namak Mandi Chowk',
    city: 'Peshawar',
    area: 'Namak Mandi',
    pin: { latitude: 34.0089, longitude: 71.5687 },
    phone: '+92 91 2561234',
    whatsapp: '+92 345 9123456',
    plan: 'enterprise',
    card: {
      name: 'Tikka Club',
      description: 'A stamp for every kilo of tikka; the seventh brings a feast.',
      cardType: 'hot_shot',
      stampsRequired: 7,
      rewardTitle: 'Tikka Feast for Four',
      rewardDescription: 'Two kilos of lamb tikka with naan and salad.',
      rewardValue: 3200,
    },
  },
  {
    businessName: 'Multani Sohan Halwa House',
    businessCategory: 'dessert',
    businessDescription: 'The original Multani sohan halwa, made fresh in Hussain Agahi.',
    logo: '🍯',
    address: 'Hussain Agahi Bazaar',
    city: 'Multan',
    area: 'Hussain Agahi',
    pin: { latitude: 30.1984, longitude: 71.4754 },
    phone: '+92 61 4541234',
    whatsapp: '+92 300 6123456',
    plan: 'standard',
    card: {
      name: 'Halwa Lovers',
      description: 'Buy four boxes of sohan halwa and get a gift tin free.',
      cardType: 'free',
      stampsRequired: 4,
      rewardTitle: 'Sohan Halwa Gift Tin',
      rewardDescription: 'A 1 kg gift tin of pure desi ghee sohan halwa.',
      rewardValue: 1500,
    },
  },
];

/** PRODUCT.md section 2's deal defaults. */
export const DEMO_DEAL = {
  dealPrice: 299,
  originalPrice: 499,
  stockLeft: 5,
  /** The countdown starts near 23:45:12. */
  endsInMs: ((23 * 60 + 45) * 60 + 12) * 1000,
  membershipFeeYearly: 999,
};
