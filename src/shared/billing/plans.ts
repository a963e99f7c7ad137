import { BRAND } from '@shared/brand';
import {
  CARD_TYPE_LABELS,
  CARD_TYPE_NAME_KEYS,
  CREATABLE_CARD_TYPES,
  type CreatableCardType,
} from '@shared/cards/cards';
import { fieldText, nameText } from '@shared/field-messages';

/** The four subscription plans of SPEC.md section 9, defined once for server and browser. */
export const PLAN_IDS = ['starter', 'standard', 'premium', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const ANALYTICS_LEVELS = ['basic', 'advanced', 'premium', 'enterprise'] as const;
export type AnalyticsLevel = (typeof ANALYTICS_LEVELS)[number];

/**
 * How the vendor's QR codes look (counter screen and poster), cheapest first: the standard code,
 * the vendor's colours ("custom"), the vendor's logo in the centre ("branded"), and no Chaska mark
 * ("white-label"). Each level includes the ones before it. Drawn by planQrStyle (shared/qr-style).
 */
export const QR_STYLE_LEVELS = ['standard', 'custom', 'branded', 'white_label'] as const;
export type QrStyleLevel = (typeof QR_STYLE_LEVELS)[number];

/** -1 means unlimited. */
export const UNLIMITED = -1;

/**
 * What a plan lets a vendor do: one typed capability per feature the software enforces. The
 * server checks every one of them (a test enumerates plans x capabilities), and the browser reads
 * them to show what is locked. Add a capability here and the type system asks for its checks.
 * (Support levels and the account manager are services people deliver, not capabilities.)
 */
export interface PlanLimits {
  /** Active cards at once; -1 is unlimited (SPEC.md section 5). */
  maxCards: number;
  /** Stamps from the 1st of the month, Pakistan time; -1 is unlimited (SPEC.md section 5). */
  maxStampsPerMonth: number;
  /**
   * Branches that are not paused or archived, the vendor's own address (its main branch) among
   * them; -1 is unlimited (decision 084). A downgrade pauses the newest beyond it.
   */
  maxBranches: number;
  /** What /vendor/analytics shows (ANALYTICS_FEATURES). */
  analytics: AnalyticsLevel;
  /** Card types the vendor may create, edit to and keep active: Daily Chaska from Standard. */
  cardTypes: readonly CreatableCardType[];
  /** API keys for the vendor API and integrations (Enterprise). */
  apiAccess: boolean;
  /** Inviting other vendors to honour one of the vendor's cards (decision 023): from Standard. */
  partnerCards: boolean;
  /** The style of the counter code and poster (QR_STYLE_LEVELS). */
  qrStyle: QrStyleLevel;
  /**
   * Social media integration (decision 034): the vendor's own generated preview images when its
   * page or a card is shared on WhatsApp or Facebook, and the square "today's deal" image to post.
   * Below it, shares still carry the text tags and the brand's image.
   */
  socialSharing: boolean;
  /** Hourly Chaska: flash deals with a start and an end within one day (decision 033), from Premium. */
  hourlyDeals: boolean;
  /** Priority Chaska placement: the vendor's cards first in the public listings (Enterprise). */
  priorityPlacement: boolean;
  /** Automations: welcome, birthday, win-back and one-to-go messages (decision 044), from Standard. */
  automations: boolean;
  /**
   * Campaigns (decision 045): messages to a segment of the vendor's customers, counted per Pakistan
   * calendar month of their send time (cancelled ones do not count); 0 is none, -1 unlimited.
   */
  campaignsPerMonth: number;
  /**
   * Vendor messages (by hand, automations, campaigns) that may go by WhatsApp or SMS per Pakistan
   * calendar month, to customers who turned them on (decision 081); beyond it they go by e-mail and
   * push only. Stamp and reward notices are receipts: every plan sends them. 0 is none.
   */
  phoneMessagesPerMonth: number;
  /** Tiers on a card (decision 087): levels by visits or points that multiply what an award gives, from Premium. */
  tiers: boolean;
}

export type PlanCapability = keyof PlanLimits;

const EVERY_CARD_TYPE = CREATABLE_CARD_TYPES;
/** The /pricing line of the automations capability. */
export const AUTOMATIONS_FEATURE = 'Automated messages: welcome, birthday, win-back, one stamp to go';
const CARD_TYPES_BUT_DAILY = CREATABLE_CARD_TYPES.filter((type) => type !== 'daily_chaska');

export interface SubscriptionPlan {
  id: PlanId;
  name: string;
  /** PKR per month. */
  price: number;
  /** The payment provider's price reference. */
  priceId: string;
  features: string[];
  limits: PlanLimits;
}

export const PLANS: readonly SubscriptionPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 2500,
    priceId: 'price_starter_pkr_monthly',
    features: ['1 active loyalty card', 'Basic analytics', 'Email support', 'Standard QR codes'],
    limits: {
      maxCards: 1,
      maxBranches: 1,
      maxStampsPerMonth: 500,
      analytics: 'basic',
      cardTypes: CARD_TYPES_BUT_DAILY,
      apiAccess: false,
      partnerCards: false,
      qrStyle: 'standard',
      socialSharing: false,
      hourlyDeals: false,
      priorityPlacement: false,
      automations: false,
      campaignsPerMonth: 0,
      phoneMessagesPerMonth: 0,
      tiers: false,
    },
  },
  {
    id: 'standard',
    name: 'Standard',
    price: 5000,
    priceId: 'price_standard_pkr_monthly',
    features: [
      '5 cards',
      'Advanced analytics',
      'Priority support',
      'Custom QR codes',
      `${BRAND.dailyName} eligibility`,
      AUTOMATIONS_FEATURE,
      '2 campaigns a month',
    ],
    limits: {
      maxCards: 5,
      maxBranches: 3,
      maxStampsPerMonth: 2000,
      analytics: 'advanced',
      cardTypes: EVERY_CARD_TYPE,
      apiAccess: false,
      partnerCards: true,
      qrStyle: 'custom',
      socialSharing: false,
      hourlyDeals: false,
      priorityPlacement: false,
      automations: true,
      campaignsPerMonth: 2,
      phoneMessagesPerMonth: 500,
      tiers: false,
    },
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 10000,
    priceId: 'price_premium_pkr_monthly',
    features: [
      '15 cards',
      'Premium analytics',
      '24/7 support',
      'Branded QR codes',
      `Daily and hourly ${BRAND.name}`,
      'Social media integration',
      AUTOMATIONS_FEATURE,
      '8 campaigns a month',
    ],
    limits: {
      maxCards: 15,
      maxBranches: 10,
      maxStampsPerMonth: 5000,
      analytics: 'premium',
      cardTypes: EVERY_CARD_TYPE,
      apiAccess: false,
      partnerCards: true,
      qrStyle: 'branded',
      socialSharing: true,
      hourlyDeals: true,
      priorityPlacement: false,
      automations: true,
      campaignsPerMonth: 8,
      phoneMessagesPerMonth: 2_000,
      tiers: true,
    },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 20000,
    priceId: 'price_enterprise_pkr_monthly',
    features: [
      'Unlimited cards',
      'Enterprise analytics',
      'Dedicated account manager',
      'White-label QR codes',
      `Priority ${BRAND.name} placement`,
      'API access',
      'Custom integrations',
      AUTOMATIONS_FEATURE,
      'Unlimited campaigns',
    ],
    limits: {
      maxCards: UNLIMITED,
      maxBranches: UNLIMITED,
      maxStampsPerMonth: UNLIMITED,
      analytics: 'enterprise',
      cardTypes: EVERY_CARD_TYPE,
      apiAccess: true,
      partnerCards: true,
      qrStyle: 'white_label',
      socialSharing: true,
      hourlyDeals: true,
      priorityPlacement: true,
      automations: true,
      campaignsPerMonth: UNLIMITED,
      phoneMessagesPerMonth: 10_000,
      tiers: true,
    },
  },
];

export const DEFAULT_PLAN_ID: PlanId = 'starter';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function findPlan(id: string): SubscriptionPlan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** A vendor record without a (known) plan falls back to starter, as SPEC.md section 9 says. */
export function planFor(id: string | null | undefined): SubscriptionPlan {
  return findPlan(id ?? '') ?? (PLANS[0] as SubscriptionPlan);
}

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/** Upgrade when the target plan is dearer than the current one, otherwise downgrade. */
export function planChangeDirection(currentId: PlanId, targetId: PlanId): 'current' | 'upgrade' | 'downgrade' {
  if (currentId === targetId) return 'current';
  return planFor(targetId).price > planFor(currentId).price ? 'upgrade' : 'downgrade';
}

export function planAllowsCardType(limits: PlanLimits, type: string): boolean {
  return (limits.cardTypes as readonly string[]).includes(type);
}

function isCreatable(type: string): type is CreatableCardType {
  return (CREATABLE_CARD_TYPES as readonly string[]).includes(type);
}

/** What the plan looks at on a card: its type, and whether it is an Hourly Chaska deal (a deal with a start). */
export interface CardPlanShape {
  cardType: string;
  dealStartsAt: Date | string | null;
}

/** An hourly deal is a Daily Chaska card whose deal has a start time (decision 033). */
export function isHourlyDeal(card: CardPlanShape): boolean {
  return card.cardType === 'daily_chaska' && card.dealStartsAt !== null;
}

/**
 * Why a plan does not cover a card, or null: its type is not in the plan (cardTypes), or it is an
 * hourly deal and the plan has no hourlyDeals. The server asks it on every way into active
 * (cards/card-plan-rules.ts) and when a plan change pauses cards (billing/pause-cards-outside-plan.ts).
 */
export function cardOutsidePlan(limits: PlanLimits, card: CardPlanShape): 'card_type' | 'hourly_deals' | null {
  // Early-data "stamp" cards predate card types and stay as they are.
  if (isCreatable(card.cardType) && !planAllowsCardType(limits, card.cardType)) return 'card_type';
  if (isHourlyDeal(card) && !limits.hourlyDeals) return 'hourly_deals';
  return null;
}

/** The cheapest plan that includes a card type: what the card form and refusals name. */
export function cheapestPlanWithCardType(type: CreatableCardType): SubscriptionPlan {
  return PLANS.find((plan) => planAllowsCardType(plan.limits, type)) ?? (PLANS[PLANS.length - 1] as SubscriptionPlan);
}

/** "Daily Chaska cards come with the Standard plan and above." */
export function cardTypeLockedMessage(type: CreatableCardType): string {
  return fieldText('forms:plan.cardTypeLocked', {
    type: nameText(CARD_TYPE_NAME_KEYS[type], CARD_TYPE_LABELS[type]),
    plan: planName(cheapestPlanWithCardType(type)),
  });
}

/** The cheapest plan whose QR style includes a level: what refusals of a styled feature name. */
export function cheapestPlanWithQrStyle(level: QrStyleLevel): SubscriptionPlan {
  return PLANS.find((plan) => planAllowsQrStyle(plan.limits, level)) ?? (PLANS[PLANS.length - 1] as SubscriptionPlan);
}

export function planAllowsQrStyle(limits: Pick<PlanLimits, 'qrStyle'>, level: QrStyleLevel): boolean {
  return QR_STYLE_LEVELS.indexOf(limits.qrStyle) >= QR_STYLE_LEVELS.indexOf(level);
}

/** The cheapest plan with social media integration: what its refusals name. */
export function cheapestPlanWithSocialSharing(): SubscriptionPlan {
  return PLANS.find((plan) => plan.limits.socialSharing) ?? (PLANS[PLANS.length - 1] as SubscriptionPlan);
}

/** Each plan's name in the catalogue (namespace `pricing`), the one home of those keys. */
export const PLAN_NAME_KEYS: Record<PlanId, string> = {
  starter: 'pricing:plan.starter',
  standard: 'pricing:plan.standard',
  premium: 'pricing:plan.premium',
  enterprise: 'pricing:plan.enterprise',
};

/** A plan's name in the reader's language ("Standard", "اسٹینڈرڈ"). */
export function planName(plan: SubscriptionPlan): string {
  return nameText(PLAN_NAME_KEYS[plan.id], plan.name);
}

/** The refusal of a feature above the vendor's plan, on the screen and from the server, in the reader's language. */
export function featureNeedsPlanMessage(plan: SubscriptionPlan): string {
  return fieldText('forms:plan.featureNeeded', { plan: planName(plan) });
}

/** Capabilities that are simply on or off for a plan. */
export type PlanSwitch = { [K in PlanCapability]: PlanLimits[K] extends boolean ? K : never }[PlanCapability];

/** The plans that have a switch on, cheapest first. */
export function plansWith(capability: PlanSwitch): PlanId[] {
  return PLANS.filter((plan) => plan.limits[capability]).map((plan) => plan.id);
}

/** The cheapest plan with a switch on: what the refusal of that feature names. */
export function cheapestPlanWith(capability: PlanSwitch): SubscriptionPlan {
  return PLANS.find((plan) => plan.limits[capability]) ?? (PLANS[PLANS.length - 1] as SubscriptionPlan);
}

/** The cheapest plan with campaigns: what their refusal names. */
export function cheapestPlanWithCampaigns(): SubscriptionPlan {
  return PLANS.find((plan) => plan.limits.campaignsPerMonth !== 0) ?? (PLANS[PLANS.length - 1] as SubscriptionPlan);
}
