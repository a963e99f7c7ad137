import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages';
import type { PhoneCodePurpose } from '@shared/accounts/phone';
import type { TextChannel, TextMessageKind, TextMessageStatus } from '@shared/notifications/outbox';
import type { DatabaseHandle } from '@server/db/client';
import { textMessages } from '@server/db/schema';
import type { Clock } from '@server/lib/clock';
import {
  TextMessageFailed,
  codeText,
  receiptText,
  type CodeMessage,
  type ProviderMessageId,
  type StampReceipt,
  type TextProvider,
  type TextProviders,
} from './text-messages';

/** A code to send, and what it is for (its message kind, and a new one if WhatsApp fails it). */
export interface OutgoingCode extends CodeMessage {
  purpose: PhoneCodePurpose;
}

/** A delivery report from a provider's signed webhook. */
export interface DeliveryReport {
  channel: 'whatsapp' | 'sms';
  providerMessageId: string;
  status: Exclude<TextMessageStatus, 'sent'>;
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
  /** Sends a code by the first channel (or by SMS when asked), SMS once if WhatsApp refuses it. */
  sendCode(message: OutgoingCode, options?: { bySms?: boolean }): Promise<TextChannel>;
  sendReceipt(receipt: StampReceipt): Promise<TextChannel>;
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

export function createTextMessages(deps: {
  providers: TextProviders;
  database: DatabaseHandle;
  clock: Clock;
  logger: { warn(fields: object, message: string): void };
}): TextMessageSender | null {
  const { providers, database, clock, logger } = deps;
  const first = providers.whatsapp ?? providers.sms ?? providers.log;
  if (!first) return null;
  let reissue: CodeReissuer | null = null;

  async function record(input: {
    to: string;
    kind: TextMessageKind;
    channel: TextChannel;
    language: Language;
    body: string;
    send: () => Promise<ProviderMessageId>;
  }): Promise<string> {
    const now = clock.now();
    const row = { toPhone: input.to, kind: input.kind, channel: input.channel, language: input.language };
    try {
      const providerMessageId = await input.send();
      const [saved] = await database.db
        .insert(textMessages)
        .values({ ...row, body: input.body, status: 'sent', providerMessageId, createdAt: now, updatedAt: now })
        .returning({ id: textMessages.id });
      return saved!.id;
    } catch (error) {
      if (!(error instanceof TextMessageFailed)) throw error;
      await database.db.insert(textMessages).values({
        ...row,
        body: input.body,
        status: 'failed',
        error: errorText(error),
        createdAt: now,
        updatedAt: now,
      });
      throw error;
    }
  }

  const sendCodeBy = (provider: TextProvider, message: OutgoingCode) =>
    record({
      to: message.to,
      kind: CODE_KINDS[message.purpose],
      channel: provider.channel,
      language: message.language,
      body: storedCodeText(message, provider.channel),
      send: () => provider.sendCode(message),
    });

  const sendReceiptBy = (provider: TextProvider, receipt: StampReceipt) =>
    record({
      to: receipt.to,
      kind: 'receipt',
      channel: provider.channel,
      language: receipt.language,
      body: receiptText(receipt),
      send: () => provider.sendReceipt(receipt),
    });

  /** The first channel, then SMS once if the first was WhatsApp and refused the message. */
  async function withFallback(send: (provider: TextProvider) => Promise<string>): Promise<TextChannel> {
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
    if (!sms || failed.channel !== 'whatsapp') return;
    const purpose = PURPOSE_OF[failed.kind];
    const language = failed.language as Language;
    let replacementId: string;
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
        send: () => sms.sendText(failed.toPhone, failed.body),
      });
    }
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
    sendCode(message, options) {
      if (options?.bySms && providers.sms) return sendCodeBy(providers.sms, message).then(() => 'sms' as const);
      return withFallback((provider) => sendCodeBy(provider, message));
    },
    sendReceipt(receipt) {
      return withFallback((provider) => sendReceiptBy(provider, receipt));
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
