import { z } from 'zod';
import { pageInfoSchema } from '@shared/admin-paging';
import { TEXT_CHANNELS, type PhoneCodeChannel } from '@shared/accounts/phone';
import { addPakistanDays, pakistanDateKey, pakistanInstant } from '@shared/pakistan-time';

export { TEXT_CHANNELS };
export type TextChannel = PhoneCodeChannel;

/**
 * What a WhatsApp message or SMS is: a code (signing in, adding a number, closing the account), a
 * stamp's receipt, or a notice the customer chose to get by phone (decision 081: a stamp, a reward).
 */
export const TEXT_MESSAGE_KINDS = [
  'sign_in_code',
  'add_phone_code',
  'close_account_code',
  'receipt',
  'stamp',
  'reward',
  'reward_expiry',
  'tier_downgrade',
  'vendor_message',
  'daily_chaska',
  'hourly_chaska',
  'stop_confirmation',
  /** An owner's monthly report, where they chose WhatsApp for it (decision 090). */
  'monthly_report',
] as const;
export type TextMessageKind = (typeof TEXT_MESSAGE_KINDS)[number];

/**
 * At most this many stamp notices by WhatsApp or SMS a day (Pakistan time) to one customer about
 * one vendor (decision 081): a busy day at one shop is one or two messages, not one per visit. A
 * reward's notice always goes, and counts.
 */
export const PHONE_NOTICES_PER_VENDOR_PER_DAY = 2;

/**
 * At most this many of a vendor's messages a Pakistan day to one customer, by hand, by an
 * automation or by a campaign, whatever channels carry each (decision 081): beyond it a message
 * goes by none. Updates, not spam.
 */
export const VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY = 2;

/**
 * Typography our texts carry that GSM-7 lacks, folded to its plain twin before an SMS goes: one
 * no-break space in "Rs 299" would send the whole message as UCS-2, at 70 characters a part.
 */
const SMS_FOLDS: Array<[RegExp, string]> = [
  [/[\u00a0\u2007\u202f]/g, ' '],
  [/[\u2018\u2019\u201a\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u2033]/g, '"'],
  [/[\u2013\u2014\u2212]/g, '-'],
  [/\u2026/g, '...'],
];

/** The words an SMS carries: a message's text with its typography folded to GSM-7. */
export function smsText(text: string): string {
  return SMS_FOLDS.reduce((folded, [pattern, plain]) => folded.replace(pattern, plain), text);
}

/** Anything beyond printable ASCII goes as UCS-2 (Urdu, emoji); the rest as GSM-7. */
export function isUnicodeSms(text: string): boolean {
  return !/^[\x20-\x7e\n]*$/.test(smsText(text));
}

/**
 * How many parts an SMS takes, as gateways bill them: GSM-7 160 characters alone or 153 a part
 * when split, UCS-2 70 alone or 67 a part (UTF-16 units: an emoji counts two).
 */
export function smsParts(text: string): number {
  const [single, part] = isUnicodeSms(text) ? [70, 67] : [160, 153];
  const { length } = smsText(text);
  return length <= single ? 1 : Math.ceil(length / part);
}

/**
 * The notices by phone that are marketing (decision 081): a vendor's message and the deals. They
 * go only within PHONE_MARKETING_HOURS and WhatsApp bills them at its marketing price.
 */
export const PHONE_MARKETING_KINDS = [
  'vendor_message',
  'daily_chaska',
  'hourly_chaska',
] as const satisfies readonly TextMessageKind[];

export function isPhoneMarketing(kind: TextMessageKind): boolean {
  return (PHONE_MARKETING_KINDS as readonly string[]).includes(kind);
}

/**
 * The marketing a vendor pays for from its plan's phone messages: its messages and its own hourly
 * deals. The Daily Chaska is the platform's pick, announced at the platform's cost.
 */
export const VENDOR_PAID_PHONE_KINDS = [
  'vendor_message',
  'hourly_chaska',
] as const satisfies readonly TextMessageKind[];

/** Marketing goes by WhatsApp or SMS only from 09:00 to 21:00 Pakistan time (decision 081). */
export const PHONE_MARKETING_HOURS = { from: 9, to: 21 } as const;

/** Now when it is within PHONE_MARKETING_HOURS, else the next 09:00 in Pakistan: when a vendor's message may go by phone. */
export function nextPhoneMarketingTime(now: Date): Date {
  const today = pakistanDateKey(now);
  const opens = pakistanInstant(today, PHONE_MARKETING_HOURS.from);
  if (now < opens) return opens;
  if (now < pakistanInstant(today, PHONE_MARKETING_HOURS.to)) return now;
  return pakistanInstant(pakistanDateKey(addPakistanDays(opens, 1)), PHONE_MARKETING_HOURS.from);
}

/**
 * In the order a message moves through them; failed ends it wherever it was. A message is
 * `sending` from just before the provider is asked until it answers: one that stays so was cut off
 * by a stop of the app (it may have gone), and its notice is not sent again.
 */
export const TEXT_MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type TextMessageStatus = (typeof TEXT_MESSAGE_STATUSES)[number];

export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  type: z.string().trim().max(40).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(100, 'pageSize is at most 100')
    .default(25),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  type: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = pageInfoSchema.extend({ messages: z.array(outboxMessageSchema) });

export const textOutboxQuerySchema = outboxQuerySchema.pick({ page: true, pageSize: true }).extend({
  to: z.string().trim().max(40).optional(),
});

export const textOutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.enum(TEXT_MESSAGE_KINDS),
  channel: z.enum(TEXT_CHANNELS),
  language: z.string(),
  body: z.string(),
  status: z.enum(TEXT_MESSAGE_STATUSES),
  error: z.string().nullable(),
  replacedBy: z.string().nullable(),
  /** The language WhatsApp had no approved template in: this message went in English instead (decision 082). */
  templateMissingIn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TextOutboxMessage = z.infer<typeof textOutboxMessageSchema>;

export const textOutboxPageSchema = pageInfoSchema.extend({ messages: z.array(textOutboxMessageSchema) });

/** A Pakistan calendar month of the costs page: `2026-03`; left out, the current one. */
export const textCostsQuerySchema = z.object({
  month: z
    .string()
    .trim()
    .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, 'month must be a year and month, like 2026-03')
    .optional(),
});

/**
 * What WhatsApp and SMS cost in one month (decision 081), per vendor, most first: messages the
 * providers took and their price in paisa. Codes and receipts name no vendor: one row of their own.
 */
export const textCostsSchema = z.object({
  month: z.string(),
  vendors: z.array(
    z.object({
      vendorId: z.string().nullable(),
      vendorName: z.string().nullable(),
      whatsapp: z.number().int(),
      sms: z.number().int(),
      smsParts: z.number().int(),
      costPaisa: z.number().int(),
    }),
  ),
  totalPaisa: z.number().int(),
});
export type TextCosts = z.infer<typeof textCostsSchema>;

/** What Chaska answers a provider's delivery webhook: how many reports it applied. */
export const deliveryReceiptSchema = z.object({
  received: z.literal(true),
  /** Delivery reports that moved a message. */
  applied: z.number().int(),
  /** Messages from customers that turned a channel off ("STOP", decision 081). */
  stopped: z.number().int(),
});

/** Meta's check of a webhook's address: the challenge is echoed when the verify token matches. */
export const whatsAppWebhookCheckSchema = z.object({
  'hub.mode': z.literal('subscribe', { error: 'hub.mode must be subscribe' }),
  'hub.verify_token': z.string().max(200),
  'hub.challenge': z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'hub.challenge must be a short token'),
});
