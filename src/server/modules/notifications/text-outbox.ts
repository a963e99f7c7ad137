import { and, eq, inArray } from 'drizzle-orm';
import type { MessageLanguage } from '@shared/i18n/roman-urdu';
import type { PhoneCodePurpose } from '@shared/accounts/phone';
import {
  isPhoneMarketing,
  smsParts,
  smsText,
  type TextChannel,
  type TextMessageKind,
  type TextMessageStatus,
} from '@shared/notifications/outbox';
import type { DatabaseHandle } from '@server/db/client';
import { emailPreferences, textMessages } from '@server/db/schema';
import type { Clock } from '@server/lib/clock';
import type { TextPrices } from '@server/config';
import {
  TemplateMissing,
  TextMessageFailed,
  TextProviderBusy,
  TextProviderUnavailable,
  codeText,
  noticeText,
  receiptText,
  stopConfirmationText,
  type StopConfirmation,
  type MonthlyReportMessage,
  reportText,
  type CodeMessage,
  type PhoneNotice,
  type PhoneNoticeFacts,
  type ProviderMessageId,
  type StampReceipt,
  type TextProvider,
  type TextProviders,
} from './text-messages';
import { canSendOn } from './can-send-email';
import { CATEGORY_OF_NOTICE } from './push-messages';

/** A notice the customer chose by phone (decision 081), not a code or a receipt they asked for. */
function isNoticeKind(kind: TextMessageKind): kind is PhoneNoticeFacts['type'] {
  return kind in CATEGORY_OF_NOTICE;
}

/** A code to send, and what it is for (its message kind, and a new one if WhatsApp fails it). */
export interface OutgoingCode extends CodeMessage {
  purpose: PhoneCodePurpose;
}

/**
 * A notice to send by phone (decision 081): whose it is, the vendor it is about (the daily cap
 * counts per customer and vendor), its event's key, and the channels the customer allows, in order.
 */
export interface OutgoingNotice extends PhoneNotice {
  userId: string;
  vendorId: string;
  key: string;
  channels: ReadonlyArray<'whatsapp' | 'sms'>;
}

/** A delivery report from a provider's signed webhook. */
export interface DeliveryReport {
  channel: 'whatsapp' | 'sms';
  providerMessageId: string;
  status: Exclude<TextMessageStatus, 'sending' | 'sent'>;
  error?: string;
}

/**
 * Makes a fresh code for a number, ending the one WhatsApp could not deliver, or null when that
 * one is no longer waiting (used, expired, replaced): accounts own the codes.
 */
export type CodeReissuer = (to: string, purpose: PhoneCodePurpose) => Promise<string | null>;

/** The phone's channels behind one door (app.deps.textMessages). */
export interface TextMessageSender {
  /** The channel codes go by first. */
  channel: TextChannel;
  /** Whether a code can go again by SMS instead ("Send by SMS instead"). */
  smsInstead: boolean;
  /** The channels a notice can go by here: those with a provider. */
  channels: { whatsapp: boolean; sms: boolean };
  /** Sends a code by the first channel (or by SMS when asked), SMS once if WhatsApp refuses it. */
  sendCode(message: OutgoingCode, options?: { bySms?: boolean }): Promise<TextChannel>;
  sendReceipt(receipt: StampReceipt): Promise<TextChannel>;
  /**
   * Sends a notice by the first allowed channel that has a provider, the next one if that provider
   * refuses it; null when none of them is set up here or the notice went already (its key).
   */
  sendNotice(notice: OutgoingNotice): Promise<TextChannel | null>;
  /**
   * Sends an owner's monthly report by WhatsApp (decision 090; the log where no provider is set):
   * null when there is neither, or when the report of this key went already.
   */
  sendReport(
    report: MonthlyReportMessage & { userId: string; vendorId: string; key: string },
  ): Promise<TextChannel | null>;
  /** Tells a customer who sent STOP that the channel they sent it by is off, by that channel only. */
  sendStopConfirmation(message: StopConfirmation & { userId: string }): Promise<TextChannel | null>;
  /**
   * Applies a provider's delivery report. The same report twice, or one behind the message's
   * state (WhatsApp may deliver them out of order), changes nothing; a WhatsApp message that
   * failed goes once by SMS. A report that comes before its message is recorded waits for it
   * about 2 s.
   */
  applyDeliveryReport(report: DeliveryReport): Promise<'applied' | 'unchanged' | 'unknown'>;
  /** How accounts make a fresh code when WhatsApp reports one undelivered. */
  reissueCodesWith(reissuer: CodeReissuer): void;
}

const CODE_KINDS: Record<PhoneCodePurpose, TextMessageKind> = {
  sign_in: 'sign_in_code',
  add_phone: 'add_phone_code',
  close_account: 'close_account_code',
};
const PURPOSE_OF: Partial<Record<TextMessageKind, PhoneCodePurpose>> = {
  sign_in_code: 'sign_in',
  add_phone_code: 'add_phone',
  close_account_code: 'close_account',
};

/** The pauses before looking again for the message a report names (about 2 s in all). */
const REPORT_RETRY_WAITS_MS = [100, 400, 1500];

/** What a report may move a message from: forward only, and failed ends it. */
const EARLIER_THAN: Record<DeliveryReport['status'], TextMessageStatus[]> = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent', 'delivered'],
};

/** Stored for the admin's outbox: a code's digits only where it went to the log, never a real phone's. */
function storedCodeText(message: CodeMessage, channel: TextChannel): string {
  return channel === 'log' ? codeText(message) : codeText({ ...message, code: '••••••' });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** What the provider bills for a message it took: WhatsApp by category, SMS by part; nothing for the log. */
export function textMessageCost(
  prices: TextPrices,
  message: { channel: TextChannel; kind: TextMessageKind; parts: number | null },
): number | null {
  if (message.channel === 'whatsapp') {
    // Sent inside the 24 hours after the customer wrote (their STOP): Meta does not bill it.
    if (message.kind === 'stop_confirmation') return 0;
    return isPhoneMarketing(message.kind) ? prices.whatsappMarketing : prices.whatsappUtility;
  }
  if (message.channel === 'sms') return (message.parts ?? 1) * prices.smsPart;
  return null;
}

export function createTextMessages(deps: {
  prices: TextPrices;
  providers: TextProviders;
  database: DatabaseHandle;
  clock: Clock;
  logger: { warn(fields: object, message: string): void };
}): TextMessageSender | null {
  const { prices, providers, database, clock, logger } = deps;
  const first = providers.whatsapp ?? providers.sms ?? providers.log;
  if (!first) return null;
  let reissue: CodeReissuer | null = null;

  /**
   * Sends one message and keeps it in the outbox. Its row is written as `sending` before the
   * provider is asked, so that a stop of the app between the provider's answer and the row's update
   * leaves a claim behind: the notice's job, run again, finds it (the index lets one message of a
   * notice be on its way or sent) and sends nothing twice. Null when a message of this notice is
   * on its way or sent already.
   */
  async function record(input: {
    to: string;
    kind: TextMessageKind;
    channel: TextChannel;
    language: MessageLanguage;
    body: string;
    /** A notice's customer, vendor and event. */
    notice?: { userId: string | null; vendorId: string | null; key: string | null };
    send: () => Promise<ProviderMessageId>;
    /** The same message in English, where WhatsApp has no template in the reader's language (decision 082). */
    inEnglish?: () => Promise<string | null>;
    /** The language this message, sent in English, was meant to be in. */
    templateMissingIn?: MessageLanguage;
    /** A failure that ends nothing (the message goes again later) leaves no failed row. */
    goesAgainAfter?: (error: TextMessageFailed) => boolean;
  }): Promise<string | null> {
    const now = clock.now();
    const parts = input.channel === 'sms' ? smsParts(input.body) : null;
    const [claimed] = await database.db
      .insert(textMessages)
      .values({
        toPhone: input.to,
        kind: input.kind,
        channel: input.channel,
        language: input.language,
        templateMissingIn: input.templateMissingIn ?? null,
        // Kept as it went: an SMS's typography folded to GSM-7.
        body: input.channel === 'sms' ? smsText(input.body) : input.body,
        parts,
        userId: input.notice?.userId ?? null,
        vendorId: input.notice?.vendorId ?? null,
        noticeKey: input.notice?.key ?? null,
        status: 'sending',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: textMessages.id });
    if (!claimed) return null;
    const settle = (change: Partial<typeof textMessages.$inferInsert>) =>
      database.db
        .update(textMessages)
        .set({ ...change, updatedAt: clock.now() })
        .where(eq(textMessages.id, claimed.id));
    let providerMessageId: ProviderMessageId;
    try {
      providerMessageId = await input.send();
    } catch (error) {
      const failedHere = error instanceof TextMessageFailed && !input.goesAgainAfter?.(error);
      if (!failedHere || (error instanceof TemplateMissing && input.inEnglish)) {
        // Not sent: the claim goes, for the English message or the job's next try.
        await database.db.delete(textMessages).where(eq(textMessages.id, claimed.id));
        if (!failedHere) throw error;
        logger.warn({ err: error }, 'WhatsApp has no template in the reader language; the message goes in English');
        return input.inEnglish!();
      }
      await settle({ status: 'failed', error: errorText(error) });
      throw error;
    }
    await settle({
      status: 'sent',
      providerMessageId,
      costPaisa: textMessageCost(prices, { channel: input.channel, kind: input.kind, parts }),
    });
    return claimed.id;
  }

  /** A message in another language than English, to send again in English if its template is missing. */
  const englishOf = <M extends { language: MessageLanguage }>(
    message: M,
    missingIn: MessageLanguage | undefined,
    send: (english: M, missingIn: MessageLanguage) => Promise<string | null>,
  ) => ({
    templateMissingIn: missingIn,
    inEnglish: message.language === 'en' ? undefined : () => send({ ...message, language: 'en' }, message.language),
  });

  const sendCodeBy = (
    provider: TextProvider,
    message: OutgoingCode,
    missingIn?: MessageLanguage,
  ): Promise<string | null> =>
    record({
      to: message.to,
      kind: CODE_KINDS[message.purpose],
      channel: provider.channel,
      language: message.language,
      body: storedCodeText(message, provider.channel),
      send: () => provider.sendCode(message),
      ...englishOf(message, missingIn, (english, missing) => sendCodeBy(provider, english, missing)),
    });

  const sendStopConfirmationBy = (
    provider: TextProvider,
    message: StopConfirmation & { userId: string },
    missingIn?: MessageLanguage,
  ): Promise<string | null> =>
    record({
      to: message.to,
      kind: 'stop_confirmation',
      channel: provider.channel,
      language: message.language,
      body: stopConfirmationText(message),
      notice: { userId: message.userId, vendorId: null, key: null },
      send: () => provider.sendStopConfirmation(message),
      ...englishOf(message, missingIn, (english, missing) => sendStopConfirmationBy(provider, english, missing)),
    });

  const sendReceiptBy = (
    provider: TextProvider,
    receipt: StampReceipt,
    missingIn?: MessageLanguage,
  ): Promise<string | null> =>
    record({
      to: receipt.to,
      kind: 'receipt',
      channel: provider.channel,
      language: receipt.language,
      body: receiptText(receipt),
      send: () => provider.sendReceipt(receipt),
      ...englishOf(receipt, missingIn, (english, missing) => sendReceiptBy(provider, english, missing)),
    });

  /**
   * A notice by one provider. A busy provider (429), or an unavailable one with no channel after
   * it, leaves no failed row: its job sends the notice again later, and a campaign that meets an
   * outage would otherwise fill the outbox with a failure per message and per try.
   */
  const sendNoticeBy = (
    provider: TextProvider,
    notice: OutgoingNotice,
    lastChannel: boolean,
    missingIn?: MessageLanguage,
  ): Promise<string | null> =>
    record({
      to: notice.to,
      kind: notice.notice.type,
      channel: provider.channel,
      language: notice.language,
      body: noticeText(notice),
      notice: { userId: notice.userId, vendorId: notice.vendorId, key: notice.key },
      send: () => provider.sendNotice(notice),
      goesAgainAfter: (error) =>
        error instanceof TextProviderBusy || (lastChannel && error instanceof TextProviderUnavailable),
      ...englishOf(notice, missingIn, (english, missing) => sendNoticeBy(provider, english, lastChannel, missing)),
    });

  /** A notice WhatsApp could not deliver goes by SMS only where the customer allows SMS for it. */
  async function smsAllowedFor(failed: typeof textMessages.$inferSelect): Promise<boolean> {
    if (!isNoticeKind(failed.kind)) return true;
    if (!failed.userId) return false;
    const [preferences] = await database.db
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, failed.userId));
    return canSendOn('sms', preferences ?? null, CATEGORY_OF_NOTICE[failed.kind]);
  }

  /** The first channel, then SMS once if the first was WhatsApp and refused the message. */
  async function withFallback(send: (provider: TextProvider) => Promise<unknown>): Promise<TextChannel> {
    try {
      await send(first!);
      return first!.channel;
    } catch (error) {
      if (!(error instanceof TextMessageFailed) || first === providers.sms || !providers.sms) throw error;
      logger.warn({ err: error }, 'WhatsApp did not take a message; it goes by SMS');
      await send(providers.sms);
      return 'sms';
    }
  }

  /** The SMS in place of a WhatsApp message reported undelivered: a fresh code, or the same words. */
  async function replaceBySms(failed: typeof textMessages.$inferSelect): Promise<void> {
    const sms = providers.sms;
    if (!sms || failed.channel !== 'whatsapp' || !(await smsAllowedFor(failed))) return;
    const purpose = PURPOSE_OF[failed.kind];
    const language = failed.language as MessageLanguage;
    let replacementId: string | null;
    if (purpose) {
      if (!reissue) return;
      const code = await reissue(failed.toPhone, purpose);
      if (!code) return;
      replacementId = await sendCodeBy(sms, { to: failed.toPhone, code, language, purpose });
    } else {
      replacementId = await record({
        to: failed.toPhone,
        kind: failed.kind,
        channel: 'sms',
        language,
        body: failed.body,
        notice: { userId: failed.userId, vendorId: failed.vendorId, key: failed.noticeKey },
        send: () => sms.sendText(failed.toPhone, failed.body),
      });
    }
    if (replacementId)
      await database.db.update(textMessages).set({ replacedById: replacementId }).where(eq(textMessages.id, failed.id));
  }

  /** One report applied, or 'unknown' while no message has the id it names. */
  async function applyOnce(report: DeliveryReport): Promise<'applied' | 'unchanged' | 'unknown'> {
    const where = and(
      eq(textMessages.channel, report.channel),
      eq(textMessages.providerMessageId, report.providerMessageId),
    );
    // One conditional update: of two copies of a report arriving together, only one moves it.
    const [moved] = await database.db
      .update(textMessages)
      .set({
        status: report.status,
        updatedAt: clock.now(),
        ...(report.status === 'failed' ? { error: (report.error ?? 'Not delivered').slice(0, 500) } : {}),
      })
      .where(and(where, inArray(textMessages.status, EARLIER_THAN[report.status])))
      .returning();
    if (!moved) {
      // Only a report that changed nothing asks whether the message is ours at all.
      const [known] = await database.db.select({ id: textMessages.id }).from(textMessages).where(where);
      return known ? 'unchanged' : 'unknown';
    }
    if (moved.status === 'failed') {
      try {
        await replaceBySms(moved);
      } catch (error) {
        logger.warn({ err: error }, 'An undelivered WhatsApp message could not go by SMS');
      }
    }
    return 'applied';
  }

  return {
    channel: first.channel,
    smsInstead: first.channel === 'whatsapp' && Boolean(providers.sms),
    channels: { whatsapp: Boolean(providers.whatsapp), sms: Boolean(providers.sms) },
    sendCode(message, options) {
      if (options?.bySms && providers.sms) return sendCodeBy(providers.sms, message).then(() => 'sms' as const);
      return withFallback((provider) => sendCodeBy(provider, message));
    },
    sendReceipt(receipt) {
      return withFallback((provider) => sendReceiptBy(provider, receipt));
    },
    async sendStopConfirmation(message) {
      const provider = providers[message.channel];
      if (!provider) return null;
      await sendStopConfirmationBy(provider, message);
      return provider.channel;
    },
    async sendNotice(notice) {
      const usable = notice.channels.flatMap((channel) => providers[channel] ?? []);
      for (const [index, provider] of usable.entries()) {
        const lastChannel = index === usable.length - 1;
        try {
          // Null: a message of this notice is on its way or sent (its job ran again after a stop).
          return (await sendNoticeBy(provider, notice, lastChannel)) === null ? null : provider.channel;
        } catch (error) {
          // A provider at its rate is waited for, not worked around: a campaign that fills WhatsApp's
          // second would otherwise spill into SMS. Its job goes again when the provider takes messages.
          if (!(error instanceof TextMessageFailed) || error instanceof TextProviderBusy || lastChannel) throw error;
          logger.warn({ err: error }, 'A notice was refused by its first channel; it goes by the next');
        }
      }
      return null;
    },
    async sendReport(report) {
      // The owner chose WhatsApp: a refusal does not go on by SMS (a report reported undelivered is
      // replaced by SMS, as every message that is not a customer's notice).
      const provider = providers.whatsapp ?? providers.log;
      if (!provider) return null;
      const sendBy = (message: MonthlyReportMessage, missingIn?: MessageLanguage): Promise<string | null> =>
        record({
          to: message.to,
          kind: 'monthly_report',
          channel: provider.channel,
          language: message.language,
          body: reportText(message),
          notice: { userId: report.userId, vendorId: report.vendorId, key: report.key },
          send: () => provider.sendReport(message),
          ...englishOf(message, missingIn, (english, missing) => sendBy(english, missing)),
        });
      return (await sendBy(report)) === null ? null : provider.channel;
    },
    async applyDeliveryReport(report) {
      // A report can come before the message it names is recorded: the provider answered and the
      // insert is still under way, here or in another process. Look again for a moment before
      // calling it unknown, rather than lose a "failed" and with it the SMS in its place.
      for (const waitMs of REPORT_RETRY_WAITS_MS) {
        const outcome = await applyOnce(report);
        if (outcome !== 'unknown') return outcome;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
      return applyOnce(report);
    },
    reissueCodesWith(reissuer) {
      reissue = reissuer;
    },
  };
}
