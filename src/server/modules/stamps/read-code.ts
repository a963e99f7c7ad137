import { isTypedCode, normalizeTypedCode, signedCodeIn } from '@shared/stamps/codes';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { rewards, users, walletPasses } from '@server/db/schema';
import type { AppError } from '@server/errors';
import { badRequest, forbidden, tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serverText } from '@server/lib/texts';
import {
  decodeCode,
  type CodeClaims,
  type CounterCodeClaims,
  type CustomerCodeClaims,
  type RewardCodeClaims,
  type WalletCodeClaims,
} from './stamp-codes';
import { findSignedCodeForTypedCode } from './typed-codes';
import { DEVICE_CODE_PERIOD_SECONDS } from '@shared/stamps/device-codes';
import { deviceCodeId, readDeviceCode } from '@server/modules/stamps/read-device-code';
import type { ErrorCode } from '@shared/api-error';

/**
 * Who is reading a code decides which kind is expected and how a refusal is worded.
 * 'staff-redeem-customer' is a point of sale redeeming a reward it chose from the customer's list:
 * the customer must be present, so only My QR's short-lived code names them, never the Wallet
 * pass barcode, which does not expire (a screenshot or a glance at a lock screen would do).
 */
export type CodeReader = 'customer-collect' | 'staff-issue' | 'staff-redeem' | 'staff-redeem-customer';

/** Functions, so that the customer's texts are read from the catalogue (with overrides) when needed. */
interface ReaderTexts {
  invalid: () => string;
  expired: () => string;
  wrongKind: (kind: CodeClaims['kind']) => string;
}

const STAFF_CUSTOMER_CODE_TEXTS: Omit<ReaderTexts, 'wrongKind'> = {
  invalid: () => 'This customer code is not valid. Ask the customer to open My QR again.',
  expired: () => 'This customer code has expired. Ask the customer for the new code on My QR.',
};

const TEXTS: Record<CodeReader, ReaderTexts> = {
  'customer-collect': {
    invalid: () => serverText('customer:scanError.invalid'),
    expired: () => serverText('customer:scanError.expired'),
    wrongKind: (kind) =>
      serverText(
        kind === 'customer' || kind === 'wallet' ? 'customer:scanError.customerCode' : 'customer:scanError.rewardCode',
      ),
  },
  'staff-issue': {
    ...STAFF_CUSTOMER_CODE_TEXTS,
    wrongKind: (kind) =>
      kind === 'reward'
        ? 'This is a reward code. Confirm it as a reward redemption instead.'
        : 'This is a counter code for customers to scan. Scan the customer’s My QR code instead.',
  },
  'staff-redeem-customer': {
    ...STAFF_CUSTOMER_CODE_TEXTS,
    wrongKind: (kind) =>
      kind === 'wallet'
        ? 'A Wallet pass barcode cannot redeem a reward: the customer must be present. Scan their My QR code or the live code on Redeem Reward.'
        : kind === 'reward'
          ? 'This is a reward code. Confirm it as a reward redemption instead.'
          : 'This is a counter code for customers to scan. Scan the customer’s My QR code instead.',
  },
  'staff-redeem': {
    invalid: () => 'This reward code is not valid. Ask the customer to open the reward again.',
    expired: () => 'This reward code has expired. Ask the customer to show the live code again.',
    wrongKind: () => 'This is not a reward code. Ask the customer to open Redeem Reward on their dashboard.',
  },
};

/** Staff read an offline code whose device took too many wrong codes (readDeviceCode). */
const OFFLINE_CODE_LOCKED_MESSAGE =
  'This customer’s offline code is locked after too many wrong tries. Ask the customer to open My QR with a connection, then scan the new code.';

function refuse(code: ErrorCode, message: string): AppError {
  return badRequest(message, code);
}

const EXPECTED_KINDS: Record<CodeReader, ReadonlyArray<CodeClaims['kind']>> = {
  // A counter code, a demo code, or a counter code held for a phone that opened its link.
  'customer-collect': ['counter', 'demo', 'held'],
  // My QR, or the barcode of the customer's Wallet pass.
  'staff-issue': ['customer', 'wallet'],
  'staff-redeem': ['reward'],
  'staff-redeem-customer': ['customer'],
};

type ClaimsFor<R extends CodeReader> = R extends 'customer-collect'
  ? CounterCodeClaims
  : R extends 'staff-issue'
    ? CustomerCodeClaims | WalletCodeClaims
    : R extends 'staff-redeem-customer'
      ? CustomerCodeClaims
      : RewardCodeClaims;

export interface ReadCodeOptions<R extends CodeReader> {
  reader: R;
  key: Buffer;
  /** Whose typed codes are counted: the customer typing, or the vendor at a counter (counterTypedCodeLimitKey). */
  actorUserId: string;
  typedAttemptsPerMinute: number;
  now: Date;
}

/**
 * Turns what was scanned or typed into verified claims, or refuses with a message the person
 * can act on. A typed code is looked up and then verified exactly like the QR it stands for.
 * A code that names a customer (My QR, its offline form, a Wallet pass, a reward) is refused
 * once their account is disabled, and a Wallet pass's barcode once its pass is void.
 */
export async function readCode<R extends CodeReader>(
  db: Executor,
  input: string,
  options: ReadCodeOptions<R>,
): Promise<ClaimsFor<R>> {
  const claims = await verifiedClaims(db, input, options);
  await assertCustomerMayUseCode(db, claims, TEXTS[options.reader]);
  return claims;
}

/** Staff read a code of a customer whose account an admin disabled (or who signed out for good). */
const CUSTOMER_DISABLED_MESSAGE = 'This customer’s account has been disabled: it cannot collect stamps or rewards.';

/** The account a code names is not disabled, and a Wallet barcode's pass still exists (disabling voids it). */
async function assertCustomerMayUseCode(db: Executor, claims: CodeClaims, texts: ReaderTexts): Promise<void> {
  let account: { disabledAt: Date | null } | undefined;
  switch (claims.kind) {
    case 'counter':
    case 'demo':
    case 'held':
      return;
    case 'customer':
      [account] = await db
        .select({ disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, claims.userId))
        .limit(1);
      break;
    case 'wallet':
      [account] = await db
        .select({ disabledAt: users.disabledAt })
        .from(walletPasses)
        .innerJoin(users, eq(users.id, walletPasses.userId))
        .where(and(eq(walletPasses.id, claims.passId), eq(walletPasses.userId, claims.userId)))
        .limit(1);
      if (!account) throw refuse('invalid_code', texts.invalid());
      break;
    case 'reward':
      [account] = await db
        .select({ disabledAt: users.disabledAt })
        .from(rewards)
        .innerJoin(users, eq(users.id, rewards.userId))
        .where(eq(rewards.id, claims.rewardId))
        .limit(1);
      break;
  }
  if (account?.disabledAt) throw forbidden(CUSTOMER_DISABLED_MESSAGE, 'account_disabled');
}

async function verifiedClaims<R extends CodeReader>(
  db: Executor,
  input: string,
  options: ReadCodeOptions<R>,
): Promise<ClaimsFor<R>> {
  const texts = TEXTS[options.reader];
  let signed = signedCodeIn(input);
  if (!signed) {
    const typed = normalizeTypedCode(input.trim());
    if (!isTypedCode(typed)) throw refuse('invalid_code', texts.invalid());
    const limit = await consumeRateLimit(
      db,
      `typed-code:${options.actorUserId}`,
      options.typedAttemptsPerMinute,
      60_000,
      options.now ?? new Date(),
    );
    if (!limit.allowed) {
      throw tooManyRequests(
        serverText('customer:scanError.tooManyTyped', { count: limit.retryAfterSeconds }),
        limit.retryAfterSeconds,
      );
    }
    const found = await findSignedCodeForTypedCode(db, typed);
    if (!found) {
      // Not minted by a server: perhaps the offline My QR of an enrolled device (decision 040).
      if (options.reader === 'staff-issue' || options.reader === 'staff-redeem-customer')
        return (await readOfflineCustomerCode(db, typed, options.now, texts)) as ClaimsFor<R>;
      throw refuse('invalid_code', texts.invalid());
    }
    signed = found;
  }
  const decoded = decodeCode(options.key, signed, options.now);
  if (!decoded.ok) {
    throw decoded.reason === 'expired'
      ? refuse('code_expired', texts.expired())
      : refuse('invalid_code', texts.invalid());
  }
  if (!EXPECTED_KINDS[options.reader].includes(decoded.claims.kind)) {
    throw refuse('wrong_code_type', texts.wrongKind(decoded.claims.kind));
  }
  return decoded.claims as ClaimsFor<R>;
}

/** A device's time-based code read as the customer code it stands for: same claims, same replay key. */
async function readOfflineCustomerCode(
  db: Executor,
  typed: string,
  now: Date,
  texts: ReaderTexts,
): Promise<CustomerCodeClaims> {
  const reading = await readDeviceCode(db, typed, now);
  if (reading.ok) {
    return {
      kind: 'customer',
      userId: reading.userId,
      codeId: deviceCodeId(reading.deviceId, reading.step),
      issuedAt: new Date(reading.step * DEVICE_CODE_PERIOD_SECONDS * 1000),
    };
  }
  if (reading.reason === 'locked') throw forbidden(OFFLINE_CODE_LOCKED_MESSAGE, 'offline_code_locked');
  throw reading.reason === 'expired'
    ? refuse('code_expired', texts.expired())
    : refuse('invalid_code', texts.invalid());
}
