import { z } from 'zod';

/** Every rotating code (counter, customer, reward) is valid this long after it is shown. */
export const CODE_TTL_SECONDS = 60;
/** Screens fetch a fresh code this often, so a code scanned just before rotation still works. */
export const CODE_REFRESH_SECONDS = 30;

/**
 * The typed form of a code: 8 characters of Crockford's base32 (no I, L, O or U, so nothing is
 * mistaken for 1 or 0), shown as XXXX-XXXX. 40 random bits live for a minute behind a rate limit.
 */
export const TYPED_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TYPED_CODE_LENGTH = 8;
/** The QR form starts with this marker and a version. */
export const SIGNED_CODE_PREFIX = 'CHK1.';

/** Upper-cases, drops spaces and dashes, and reads I and L as 1 and O as 0 (Crockford). */
export function normalizeTypedCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

export function isTypedCode(normalized: string): boolean {
  if (normalized.length !== TYPED_CODE_LENGTH) return false;
  return [...normalized].every((char) => TYPED_CODE_ALPHABET.includes(char));
}

/** ABCD2345 → ABCD-2345 */
export function formatTypedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * How long a counter code opened as a link on a signed-out phone is held for it: long enough to
 * sign in with a code sent by SMS, and nobody else can use it meanwhile.
 */
export const HELD_CODE_TTL_SECONDS = 5 * 60;

/** Where counter links point: the page that collects the stamp (or holds the code while signing in). */
export const COUNTER_LINK_PREFIX = '/c/';

/** A counter code as a link the phone's own camera opens: PUBLIC_URL/c/<code>. */
export function counterLink(publicUrl: string, signedCode: string): string {
  return `${publicUrl}${COUNTER_LINK_PREFIX}${signedCode}`;
}

const COUNTER_LINK = /^https?:\/\/[^/\s]+\/c\/(CHK1\.[A-Za-z0-9_.-]+)\/?$/;

/** The signed code in what was scanned or typed: the code itself, or the code of a counter link. */
export function signedCodeIn(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.startsWith(SIGNED_CODE_PREFIX)) return trimmed;
  return COUNTER_LINK.exec(trimmed)?.[1] ?? null;
}

export function isSignedCode(input: string): boolean {
  return signedCodeIn(input) !== null;
}

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
  reward: earnedRewardSchema.nullable(),
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
});

export const customerCodeLookupRequestSchema = z.object({ customerCode: codeInputSchema });

/** What staff see after scanning a customer code, before picking the card. */
export const customerCodeLookupSchema = z.object({
  customer: z.object({ name: z.string() }),
  cards: z.array(
    z.object({
      cardId: z.string(),
      name: z.string(),
      status: z.string(),
      stampsRequired: z.number(),
      /** Null when the customer does not hold the card yet (issuing adds it). */
      stampsCollected: z.number().nullable(),
      rewardPending: z.boolean(),
    }),
  ),
});
export type CustomerCodeLookup = z.infer<typeof customerCodeLookupSchema>;

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
