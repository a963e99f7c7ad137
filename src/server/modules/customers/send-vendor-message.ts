import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Executor } from '@server/db/client';
import type { EmailService, SendEmailInput, SendOutcome } from '@server/modules/notifications/email-service';
import { VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY } from '@shared/notifications/outbox';
import { pakistanDateKey } from '@shared/pakistan-time';
import { consumeRateLimits } from '@server/lib/rate-limit';
import { vendorMessageEmail } from '@server/modules/notifications/templates/vendor-message-email';
import { enqueuePushes, type PushToEnqueue } from '@server/modules/notifications/push-job';
import { enqueueTextNotices, type TextNoticeToEnqueue } from '@server/modules/notifications/text-notice-job';

export interface VendorMessage {
  vendor: { id: string; businessName: string; slug: string };
  customer: { userId: string; email: string; name: string };
  subject: string;
  message: string;
  /** Where the e-mail's link leads: the vendor's page, or a campaign's tracked link to it. */
  vendorUrl?: string;
  /**
   * Names this message for idempotence (a campaign's id and the customer, an automation's
   * trigger): the same key never pushes twice. A new one for each call when left out.
   */
  key?: string;
}

type VendorMessageDeps = { email: EmailService; config: Pick<Config, 'publicUrl'> };

/** The e-mail of a vendor's message, rendered by the outbox in the recipient's language. */
function vendorMessageEmailInput(deps: VendorMessageDeps, input: VendorMessage): SendEmailInput {
  const { vendor, customer } = input;
  return {
    type: 'vendor_message',
    to: customer.email,
    userId: customer.userId,
    render: ({ unsubscribeUrl }) =>
      vendorMessageEmail({
        name: customer.name.split(' ')[0] || customer.name,
        vendorName: vendor.businessName,
        subject: input.subject,
        message: input.message,
        vendorUrl: input.vendorUrl ?? `${deps.config.publicUrl}/vendors/${vendor.slug}`,
        unsubscribeUrl,
      }),
  };
}

/** The key of a vendor's message on every channel: the vendor's id and the sender's own key. */
export function vendorMessageKey(vendorId: string, key: string): string {
  return `vendor-message:${vendorId}:${key}`;
}

/** A campaign recipient's own key (its row's id), as campaigns send it. */
export function campaignRecipientKey(recipientId: string): string {
  return `campaign:${recipientId}`;
}

/** Both at once in SQL, on a campaign recipient's columns: how its results find its WhatsApp and SMS. */
export function campaignRecipientMessageKeySql(vendorId: SQL, recipientId: SQL): SQL {
  return sql`'vendor-message:' || ${vendorId} || ':campaign:' || ${recipientId}`;
}

/** Its push and its WhatsApp or SMS, keyed so that the same message never goes twice. */
function vendorMessageNotice(input: VendorMessage): PushToEnqueue & TextNoticeToEnqueue {
  const { vendor, customer } = input;
  return {
    userId: customer.userId,
    vendorId: vendor.id,
    notice: {
      type: 'vendor_message',
      vendorName: vendor.businessName,
      vendorSlug: vendor.slug,
      subject: input.subject,
      message: input.message,
    },
    key: vendorMessageKey(vendor.id, input.key ?? randomUUID()),
  };
}

/**
 * The one way a vendor's message reaches a customer, whoever sends it (the vendor by hand, an
 * automation, a campaign): by e-mail, by push (decision 043) and by WhatsApp or SMS (decision 081,
 * within the vendor's plan and the hours it may go), all under the customer's "vendor updates"
 * preferences (canSendEmail in the e-mail service, canSendOn in the push and text jobs).
 * All are written in the caller's transaction: the e-mail to the outbox, the others as jobs, so
 * they stand or fall with what caused them and nobody waits for the mail server.
 * Rate limits and the audit are the caller's: they differ between a vendor and a campaign.
 */
export async function sendVendorMessage(
  deps: VendorMessageDeps,
  input: VendorMessage,
  now: Date,
  options: { tx: Executor; onStored?: (messageId: string) => void },
): Promise<VendorMessageQueued['outcome']> {
  const [queued] = await queueVendorMessages(deps, [input], now, options.tx);
  if (queued?.messageId) options.onStored?.(queued.messageId);
  return queued?.outcome ?? 'failed';
}

/** What became of a vendor's message: its e-mail's outcome, or capped (the day's messages to them were sent). */
export interface VendorMessageQueued {
  outcome: SendOutcome | 'capped';
  messageId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the counters of one vendor's messages to its customers begin (a bench clears them). */
export const dailyMessagesKeyPrefix = (vendorId: string) => `vendor-messages:${vendorId}:`;

/** The counter of one vendor's messages to one customer on one Pakistan day. */
const dailyMessagesKey = (vendorId: string, userId: string, now: Date) =>
  `${dailyMessagesKeyPrefix(vendorId)}${userId}:${pakistanDateKey(now)}`;

/**
 * Many vendor messages in the caller's transaction, as a background sender does (a campaign's
 * batch): the same e-mails and pushes as sendVendorMessage with `tx`, in a few statements for all.
 * Each counts against the customer's VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY from that vendor first:
 * one beyond it goes by no channel. Each message's outcome and stored e-mail, in order.
 */
export async function queueVendorMessages(
  deps: VendorMessageDeps,
  inputs: VendorMessage[],
  now: Date,
  tx: Executor,
): Promise<VendorMessageQueued[]> {
  const withinCap = await consumeRateLimits(
    tx,
    inputs.map((input) => dailyMessagesKey(input.vendor.id, input.customer.userId, now)),
    VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY,
    DAY_MS,
    now,
  );
  const going = inputs.filter((_, index) => withinCap[index]);
  const queued = await deps.email.enqueueAll(
    going.map((input) => vendorMessageEmailInput(deps, input)),
    { tx },
  );
  const notices = going.map(vendorMessageNotice);
  await enqueuePushes(tx, notices, now);
  await enqueueTextNotices(tx, notices, now);
  let next = 0;
  return withinCap.map((within) => (within ? queued[next++]! : { outcome: 'capped', messageId: null }));
}
