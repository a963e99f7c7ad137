import { and, count, eq, gte } from 'drizzle-orm';
import { PHONE_STAMPS_PER_DAY } from '@shared/stamps/stamps';
import { PHONE_STAMP_REF } from '@shared/stamps/codes';
import { secondsUntilNextPakistanDay, startOfPakistanDay } from '@shared/pakistan-time';
import type { Database, Executor } from '@server/db/client';
import { authUser, stamps, vendors } from '@server/db/schema';
import { forbidden, notFound, tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serverText } from '@server/lib/texts';
import { requirePakistaniMobile } from '@server/modules/accounts/phone-number';
import type { TextMessageSender } from '@server/modules/notifications/text-outbox';
import { phoneMessageLanguage } from '@server/modules/notifications/recipient-language';
import { stampedAtCounter, type CounterActor } from './counter-actor';
import { customerAtCounter } from './lookup-customer-code';
import { stampCard } from './stamp-card';
import type { StampOutcome } from './stamp-request';

/** Look-ups by number per vendor and minute: a counter's pace, far too few to map who has an account. */
const LOOKUPS_PER_MINUTE = 20;

/**
 * The customer with exactly this verified mobile number, for a vendor that allows stamps by
 * phone. Refuses a vendor that does not, and a number nobody has, in the same way for every
 * number it does not find; never a list.
 */
async function customerByPhone(db: Executor, staff: CounterActor, typed: string, now: Date) {
  const [vendor] = await db
    .select({ stampByPhone: vendors.stampByPhone, businessName: vendors.businessName })
    .from(vendors)
    .where(eq(vendors.id, staff.vendorId))
    .limit(1);
  if (!vendor?.stampByPhone) throw forbidden(serverText('vendor:phoneStamp.off'), 'stamp_by_phone_off');
  const phoneNumber = requirePakistaniMobile(typed);
  const limit = await consumeRateLimit(db, `phone-lookup:${staff.vendorId}`, LOOKUPS_PER_MINUTE, 60_000, now);
  if (!limit.allowed)
    throw tooManyRequests(
      serverText('auth:error.waitSeconds', { count: limit.retryAfterSeconds }),
      limit.retryAfterSeconds,
    );
  const [customer] = await db
    .select({ userId: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.phoneNumber, phoneNumber), eq(authUser.phoneNumberVerified, true)))
    .limit(1);
  if (!customer) throw notFound(serverText('vendor:phoneStamp.noCustomer'), 'customer_not_found');
  return { ...customer, phoneNumber, vendorName: vendor.businessName };
}

/** Staff typed a customer's number: their first name and their cards here. */
export async function lookupCustomerByPhone(db: Database, staff: CounterActor, phoneNumber: string, now: Date) {
  const customer = await customerByPhone(db, staff, phoneNumber, now);
  return customerAtCounter(db, staff.vendorId, customer.userId);
}

/**
 * A stamp for a customer without a smartphone, found by number (or an order's several, where the
 * vendor allows them): marked as such, at most PHONE_STAMPS_PER_DAY visits a day for the customer here, and the customer receives a receipt by
 * WhatsApp or SMS, so a stamp they did not ask for does not go unnoticed.
 */
export async function stampByPhone(
  db: Database,
  staff: CounterActor,
  input: {
    phoneNumber: string;
    cardId: string;
    quantity?: number;
    amount?: number;
    receipts: TextMessageSender | null;
    now: Date;
  },
  log: { warn(fields: object, message: string): void },
): Promise<StampOutcome> {
  const { now } = input;
  const customer = await customerByPhone(db, staff, input.phoneNumber, now);
  const [today] = await db
    .select({ stamps: count() })
    .from(stamps)
    .where(
      and(
        eq(stamps.vendorId, staff.vendorId),
        eq(stamps.userId, customer.userId),
        eq(stamps.qrCode, PHONE_STAMP_REF),
        // Visits: an order of several stamps by phone counts once (its other stamps are 'same_visit').
        eq(stamps.kind, 'visit'),
        gte(stamps.issuedAt, startOfPakistanDay(now)),
      ),
    );
  if ((today?.stamps ?? 0) >= PHONE_STAMPS_PER_DAY)
    throw tooManyRequests(
      serverText('vendor:phoneStamp.dailyCap', { count: PHONE_STAMPS_PER_DAY }),
      secondsUntilNextPakistanDay(now),
      'phone_stamp_cap',
    );
  const outcome = await stampCard(db, {
    customerUserId: customer.userId,
    cardId: input.cardId,
    code: {
      ref: PHONE_STAMP_REF,
      // A double tap at the counter gives one stamp; the card's interval does the rest.
      consumedKey: `phone:${staff.vendorId}:${customer.userId}:${input.cardId}:${Math.floor(now.getTime() / 60_000)}`,
    },
    now,
    ...stampedAtCounter(staff, 'stamp.by_phone', input),
  });
  // After the commit, best effort: the stamp is given whether or not the message goes out.
  try {
    await input.receipts?.sendReceipt({
      to: customer.phoneNumber,
      language: await phoneMessageLanguage(db, { userId: customer.userId }),
      vendor: customer.vendorName,
      collected: outcome.userCard.stampsCollected,
      required: outcome.userCard.stampsRequired,
      ...(outcome.points ? { points: true } : {}),
    });
  } catch (error) {
    log.warn({ err: error }, 'The receipt of a stamp by phone could not be sent');
  }
  return outcome;
}
