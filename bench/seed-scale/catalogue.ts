import type { CardType } from '../../src/shared/cards/cards';
import type { City, VendorCategory } from '../../src/shared/places';

/**
 * The vocabulary of the generated data: names, areas and offers that look like the real
 * thing on a Pakistani marketplace, and the shares of each city, category and card kind.
 */

export const MALE_NAMES = [
  'Ahmed',
  'Ali',
  'Hamza',
  'Usman',
  'Bilal',
  'Hassan',
  'Omar',
  'Fahad',
  'Saad',
  'Zain',
  'Imran',
  'Kashif',
  'Faisal',
  'Asad',
  'Danish',
  'Haris',
  'Junaid',
  'Waqas',
  'Adeel',
  'Shoaib',
  'Rizwan',
  'Talha',
  'Arslan',
  'Shahzaib',
  'Abdullah',
  'Yasir',
  'Naveed',
  'Tariq',
  'Salman',
  'Moiz',
] as const;
export const FEMALE_NAMES = [
  'Ayesha',
  'Fatima',
  'Zainab',
  'Maryam',
  'Hira',
  'Sana',
  'Mahnoor',
  'Iqra',
  'Amna',
  'Noor',
  'Sara',
  'Khadija',
  'Rabia',
  'Bushra',
  'Mehwish',
  'Anum',
  'Sadia',
  'Nida',
  'Laiba',
  'Areeba',
  'Hafsa',
  'Kinza',
  'Minahil',
  'Saba',
  'Zoya',
  'Aiman',
  'Alishba',
  'Eman',
  'Komal',
  'Javeria',
] as const;
export const SURNAMES = [
  'Khan',
  'Ahmed',
  'Ali',
  'Hussain',
  'Butt',
  'Malik',
  'Sheikh',
  'Qureshi',
  'Chaudhry',
  'Raza',
  'Siddiqui',
  'Mirza',
  'Baig',
  'Abbasi',
  'Javed',
  'Iqbal',
  'Aslam',
  'Rehman',
  'Shah',
  'Bhatti',
  'Awan',
  'Khattak',
  'Afridi',
  'Memon',
  'Ansari',
  'Jutt',
  'Rana',
  'Kazmi',
  'Naqvi',
  'Zaidi',
] as const;

/** Shares of vendors (and customers) per city: the big cities first. */
export const CITY_WEIGHTS: ReadonlyArray<readonly [City, number]> = [
  ['Karachi', 24],
  ['Lahore', 22],
  ['Islamabad', 12],
  ['Rawalpindi', 9],
  ['Faisalabad', 9],
  ['Multan', 7],
  ['Peshawar', 6],
  ['Quetta', 4],
  ['Sialkot', 4],
  ['Gujranwala', 3],
];

export const AREAS: Record<City, readonly string[]> = {
  Karachi: [
    'Clifton',
    'DHA Phase 6',
    'Gulshan-e-Iqbal',
    'Saddar',
    'North Nazimabad',
    'Bahadurabad',
    'Tariq Road',
    'Gulistan-e-Jauhar',
    'PECHS',
  ],
  Lahore: [
    'Gulberg',
    'DHA Phase 5',
    'Johar Town',
    'Model Town',
    'Gowalmandi',
    'Anarkali',
    'Bahria Town',
    'Township',
    'Cantt',
  ],
  Islamabad: ['F-7 Markaz', 'F-6 Super Market', 'Blue Area', 'G-9 Markaz', 'E-11', 'I-8 Markaz', 'F-10 Markaz'],
  Rawalpindi: ['Saddar', 'Commercial Market', 'Bahria Town Phase 7', 'Chaklala Scheme 3', 'Raja Bazaar'],
  Faisalabad: ['D Ground', 'Peoples Colony', 'Madina Town', 'Kohinoor City', 'Susan Road'],
  Multan: ['Cantt', 'Gulgasht Colony', 'Bosan Road', 'Shah Rukn-e-Alam', 'Hussain Agahi'],
  Peshawar: ['University Town', 'Saddar', 'Hayatabad', 'Qissa Khwani', 'Gulbahar'],
  Quetta: ['Jinnah Road', 'Satellite Town', 'Samungli Road', 'Cantt'],
  Sialkot: ['Cantt', 'Kashmir Road', 'Paris Road', 'Model Town'],
  Gujranwala: ['Satellite Town', 'Model Town', 'GT Road', 'Peoples Colony'],
};

export const STREETS = [
  'Main Boulevard',
  'Jinnah Road',
  'Mall Road',
  'Shahrah-e-Faisal',
  'MM Alam Road',
  'Canal Road',
  'Circular Road',
  'University Road',
  'Service Road',
  'Link Road',
] as const;

export const CATEGORY_WEIGHTS: ReadonlyArray<readonly [VendorCategory, number]> = [
  ['restaurant', 25],
  ['cafe', 14],
  ['bakery', 10],
  ['dessert', 7],
  ['sweets', 8],
  ['retail', 9],
  ['salon', 8],
  ['pharmacy', 5],
  ['electronics', 4],
  ['clothing', 6],
  ['other', 4],
];

interface CategoryVocabulary {
  logo: string;
  nouns: readonly string[];
  rewards: ReadonlyArray<readonly [title: string, valuePkr: number]>;
  cardNames: readonly string[];
  description: string;
}

/** First words of a business name; with the category's noun and the city they make most names unique. */
export const NAME_PREFIXES = [
  'Al-Habib',
  'Shahi',
  'Lahori',
  'Karachi',
  'Royal',
  'New',
  'Bundu Khan',
  'Savour',
  'Ghaffar',
  'Haji',
  'Madina',
  'Student',
  'Gourmet',
  'Kababjees',
  'Nawab',
  'Dera',
  'Kolachi',
  'Monal',
  'Chaman',
  'Hafiz',
  'Ustad',
  'Mughal',
  'Afghan',
  'Punjab',
  'Sindhi',
  'Pak',
  'Capital',
  'Golden',
  'Crescent',
  'Star',
  'City',
  'Sunrise',
  'Baba',
  'Rehmat',
  'Bismillah',
  'Lucky',
  'Azeem',
  'Bilal',
  'Khyber',
  'Indus',
  'Ravi',
  'Margalla',
  'Anarkali',
  'Liberty',
  'Faisal',
  'Jinnah',
  'Iqbal',
  'Chand',
] as const;

export const CATEGORIES: Record<VendorCategory, CategoryVocabulary> = {
  restaurant: {
    logo: '🍲',
    nouns: [
      'Karahi House',
      'Biryani Centre',
      'Tikka Corner',
      'Grill',
      'Nihari House',
      'Haleem',
      'Dhaba',
      'BBQ Tonight',
      'Pulao Point',
    ],
    rewards: [
      ['Free Chicken Karahi', 1800],
      ['Free Biryani Plate', 450],
      ['Free Family Karahi', 2500],
      ['Free Tikka Platter', 1200],
    ],
    cardNames: ['Karahi Lovers Club', 'Biryani Club', 'BBQ Regulars', 'Family Feast Card'],
    description: 'Desi food cooked fresh to order.',
  },
  cafe: {
    logo: '☕',
    nouns: ['Café', 'Coffee House', 'Chai Khana', 'Roasters', 'Tea Stall', 'Espresso Bar'],
    rewards: [
      ['Free Doodh Patti', 120],
      ['Free Cappuccino', 550],
      ['Free Latte and Croissant', 900],
    ],
    cardNames: ['Chai Club', 'Coffee Card', 'Morning Regulars'],
    description: 'Chai, coffee and fresh snacks all day.',
  },
  bakery: {
    logo: '🥐',
    nouns: ['Bakers', 'Bakery', 'Confectioners', 'Bread House'],
    rewards: [
      ['Free Pound Cake', 900],
      ['Free Dozen Puffs', 600],
      ['Free Birthday Cake', 2200],
    ],
    cardNames: ['Bakery Club', 'Sweet Mornings', 'Cake Card'],
    description: 'Fresh bread, puffs and cakes baked every morning.',
  },
  dessert: {
    logo: '🍨',
    nouns: ['Kulfi', 'Ice Cream Parlour', 'Desserts', 'Falooda House'],
    rewards: [
      ['Free Kulfi Falooda', 350],
      ['Free Sundae', 500],
    ],
    cardNames: ['Dessert Club', 'Kulfi Card'],
    description: 'Kulfi, falooda and ice cream made in house.',
  },
  sweets: {
    logo: '🍬',
    nouns: ['Sweets', 'Mithai House', 'Halwa Puri', 'Sweet Centre'],
    rewards: [
      ['Free Half Kilo Mithai', 800],
      ['Free Halwa Puri Breakfast', 400],
    ],
    cardNames: ['Mithai Club', 'Sweet Tooth Card'],
    description: 'Traditional mithai and halwa puri breakfasts.',
  },
  retail: {
    logo: '🛒',
    nouns: ['Mart', 'Super Store', 'General Store', 'Cash and Carry'],
    rewards: [
      ['PKR 1000 Voucher', 1000],
      ['PKR 500 Voucher', 500],
    ],
    cardNames: ['Shoppers Club', 'Loyal Shopper Card'],
    description: 'Groceries and daily needs at fair prices.',
  },
  salon: {
    logo: '💇',
    nouns: ['Salon', 'Barber Shop', 'Beauty Parlour', 'Grooming Lounge'],
    rewards: [
      ['Free Haircut', 800],
      ['Free Facial', 2500],
      ['Free Beard Trim', 400],
    ],
    cardNames: ['Grooming Club', 'Style Card'],
    description: 'Haircuts, grooming and beauty treatments.',
  },
  pharmacy: {
    logo: '💊',
    nouns: ['Pharmacy', 'Chemists', 'Medical Store'],
    rewards: [
      ['PKR 500 Off', 500],
      ['Free Health Check', 1500],
    ],
    cardNames: ['Health Card', 'Care Club'],
    description: 'Medicines and health care products, open late.',
  },
  electronics: {
    logo: '📱',
    nouns: ['Electronics', 'Mobile Zone', 'Computers', 'Gadgets'],
    rewards: [
      ['Free Screen Protector', 700],
      ['PKR 2000 Voucher', 2000],
    ],
    cardNames: ['Gadget Club', 'Tech Card'],
    description: 'Phones, accessories and repairs.',
  },
  clothing: {
    logo: '👗',
    nouns: ['Boutique', 'Fashion', 'Tailors', 'Collection', 'Cloth House'],
    rewards: [
      ['PKR 1500 Voucher', 1500],
      ['Free Stitching', 1200],
    ],
    cardNames: ['Fashion Club', 'Style Rewards'],
    description: 'Lawn, kurtas and stitching for every season.',
  },
  other: {
    logo: '🏪',
    nouns: ['Car Wash', 'Laundry', 'Gym', 'Book Store', 'Florist'],
    rewards: [
      ['Free Service', 1000],
      ['PKR 800 Voucher', 800],
    ],
    cardNames: ['Regulars Club', 'Loyalty Card'],
    description: 'Friendly local service for the neighbourhood.',
  },
};

/** Shares of card kinds among cards ("stamp" is the early kind that old rows still carry). */
export const CARD_TYPE_WEIGHTS: ReadonlyArray<readonly [CardType, number]> = [
  ['hot_shot', 38],
  ['free', 32],
  ['daily_chaska', 12],
  ['exclusive', 10],
  ['stamp', 8],
];

/** Minutes between two stamps of one customer on a card: mostly the default hour. */
export const INTERVAL_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [60, 60],
  [0, 8],
  [30, 12],
  [120, 10],
  [1440, 10],
];

/**
 * When people collect stamps, by hour of the day in Pakistan: quiet mornings, a lunch peak and
 * a long evening peak (restaurants and cafes stay busy until late).
 */
export const HOUR_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [0, 3],
  [1, 1.5],
  [2, 0.5],
  [3, 0.2],
  [4, 0.2],
  [5, 0.3],
  [6, 0.6],
  [7, 1.2],
  [8, 2],
  [9, 2.5],
  [10, 3],
  [11, 4],
  [12, 6],
  [13, 8],
  [14, 7],
  [15, 5],
  [16, 4.5],
  [17, 5],
  [18, 6],
  [19, 8],
  [20, 10],
  [21, 10],
  [22, 8],
  [23, 5],
];

/** Friday evenings and weekends are busier. Index 0 is Sunday. */
export const WEEKDAY_WEIGHTS = [1.3, 0.9, 0.9, 0.95, 1, 1.15, 1.35] as const;
