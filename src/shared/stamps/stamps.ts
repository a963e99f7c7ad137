import { z } from 'zod';
import { typedPhoneNumber } from '@shared/accounts/accounts';
import { STAMPS_PER_VISIT_CAP } from '@shared/vendors/vendor-profile';
import { largeOrderPinSchema } from '@shared/stamps/fraud-rules';
import { billAmountSchema, EARN_KINDS } from '@shared/cards/earn-rules';
import { counterBranchIdSchema } from '@shared/vendors/branches';

/**
 * How many stamps one order gives (a family of four: 4 teas), where the vendor allows several
 * (its maxStampsPerVisit, checked by the server); 1 when left out. The field is named in every
 * refusal.
 */
const QUANTITY_MESSAGE = `quantity must be a whole number of stamps from 1 to ${STAMPS_PER_VISIT_CAP}.`;
export const stampQuantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(STAMPS_PER_VISIT_CAP, QUANTITY_MESSAGE);

/** A code as a screen shows it: the QR payload, its typed form and when it stops working. */
export const rotatingCodeSchema = z.object({
  qrPayload: z.string(),
  typedCode: z.string(),
  expiresAt: z.string(),
  /** When the screen should fetch the next code. */
  refreshAt: z.string(),
});
export type RotatingCode = z.infer<typeof rotatingCodeSchema>;

/**
 * A counter code of one card (the vendor's counter screen, or a demo code). `codeId` names the
 * code in the live event that says it was used, so the screen showing it fetches the next one.
 */
export const cardCodeSchema = z.object({
  card: z.object({ id: z.string(), name: z.string() }),
  code: rotatingCodeSchema,
  codeId: z.string(),
  /** The stamps this code gives (bound into its signature), and the most the vendor allows in one order. */
  quantity: z.number().int(),
  maxStampsPerVisit: z.number().int(),
});
export type CardCode = z.infer<typeof cardCodeSchema>;

/** A scanned QR payload or a typed code; the server tells them apart. */
export const codeInputSchema = z
  .string({ error: 'Please scan or type a code.' })
  .trim()
  .min(1, 'Please scan or type a code.')
  .max(400, 'This code is not valid.');

export const collectStampRequestSchema = z.object({ code: codeInputSchema });
export type CollectStampRequest = z.infer<typeof collectStampRequestSchema>;

export const stampSchema = z.object({
  id: z.string(),
  issuedAt: z.string(),
});

export const earnedRewardSchema = z.object({
  id: z.string(),
  rewardTitle: z.string(),
  rewardValue: z.number(),
  /** The stamps at which it was earned: an earlier milestone's, or the card's last (decision 085). */
  milestone: z.number().int(),
});

export const stampedUserCardSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  cardName: z.string(),
  vendorName: z.string(),
  stampsCollected: z.number(),
  stampsRequired: z.number(),
  status: z.enum(['active', 'completed']),
});

export const stampResultSchema = z.object({
  stamp: stampSchema,
  /** How many stamps this order gave (1 for a visit's one stamp). */
  quantity: z.number().int(),
  /**
   * Stamps of this order beyond the card's reward: they wait on the card and start its next round
   * when the reward is redeemed (0 mostly).
   */
  carriedStamps: z.number().int(),
  reward: earnedRewardSchema.nullable(),
  /** Every reward this award earned (an order can pass a milestone and the last reward). */
  rewards: z.array(earnedRewardSchema),
  /** A points card's award: the bill and the points it gave; null on stamp cards. */
  points: z.object({ amount: z.number().nullable(), points: z.number().int() }).nullable(),
  userCard: stampedUserCardSchema,
  /** SPEC.md's text for the result: the reward message or the stamp message. */
  message: z.string(),
  /** Said when a referred friend's first visit brought a bonus stamp (counted in userCard). */
  bonusMessage: z.string().nullable(),
});
export type StampResult = z.infer<typeof stampResultSchema>;

/** Vendor staff: issue a stamp on one of their cards from the customer's My QR code. */
export const issueStampRequestSchema = z.object({
  customerCode: codeInputSchema,
  cardId: z.uuid({ error: 'Please choose a loyalty card.' }),
  quantity: stampQuantitySchema.default(1),
  /** The shop's PIN, for an order above the owner's quantity (decision 086). */
  pin: largeOrderPinSchema.optional(),
  /** A points card's bill in whole PKR (decision 085); stamp cards take none. */
  amount: billAmountSchema.optional(),
  branchId: counterBranchIdSchema,
});

export const customerCodeLookupRequestSchema = z.object({ customerCode: codeInputSchema });

/** What staff see after scanning a customer code, before picking the card. */
export const customerCodeLookupSchema = z.object({
  customer: z.object({ name: z.string() }),
  /** The most stamps the vendor allows for one order (1: one stamp a visit). */
  maxStampsPerVisit: z.number().int(),
  cards: z.array(
    z.object({
      cardId: z.string(),
      name: z.string(),
      status: z.string(),
      stampsRequired: z.number(),
      /** How the card earns (decision 085): the counter asks for a quantity of items or the bill. */
      earnKind: z.enum(EARN_KINDS),
      maxItemsPerVisit: z.number().int().nullable(),
      pointsPer100Pkr: z.number().int().nullable(),
      minBillPkr: z.number().int(),
      /** Null when the customer does not hold the card yet (issuing adds it). */
      stampsCollected: z.number().nullable(),
      rewardPending: z.boolean(),
    }),
  ),
});
export type CustomerCodeLookup = z.infer<typeof customerCodeLookupSchema>;

/** Stamps by phone number (no smartphone): at most this many per customer, vendor and Pakistan day. */
export const PHONE_STAMPS_PER_DAY = 3;

/** Vendor staff: find a customer by the exact mobile number (never a list to browse). */
export const phoneLookupRequestSchema = z.object({ phoneNumber: typedPhoneNumber });

/** Vendor staff: a stamp on `cardId` for the customer with this number; the customer gets a receipt. */
export const phoneStampRequestSchema = z.object({
  phoneNumber: typedPhoneNumber,
  cardId: z.uuid({ error: 'Please choose a loyalty card.' }),
  quantity: stampQuantitySchema.default(1),
  /** The shop's PIN, for an order above the owner's quantity (decision 086). */
  pin: largeOrderPinSchema.optional(),
  amount: billAmountSchema.optional(),
  branchId: counterBranchIdSchema,
});

/** GET a counter code: for an order of several stamps, the quantity it gives (bound into the code). */
export const counterCodeQuerySchema = z.object({
  quantity: z.coerce.number({ error: QUANTITY_MESSAGE }).pipe(stampQuantitySchema).default(1),
  /** The branch whose counter shows the code (decision 084); its stamps record it. Absent: none named. */
  branchId: counterBranchIdSchema,
});

/** POST /api/stamps/hold: a counter link opened by a signed-out phone. */
export const holdCounterCodeRequestSchema = z.object({ code: z.string().trim().min(1).max(600) });

export const heldCounterCodeSchema = z.object({
  /** The code to collect with once signed in, valid until holdUntil. */
  heldCode: z.string(),
  holdUntil: z.string(),
  /** What the phone shows while the customer signs in. */
  card: z.object({
    name: z.string(),
    businessName: z.string(),
    stampsRequired: z.number().int(),
    rewardTitle: z.string(),
  }),
});
export type HeldCounterCode = z.infer<typeof heldCounterCodeSchema>;
