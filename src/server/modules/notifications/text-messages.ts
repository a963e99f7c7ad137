import type { Config, SmsGatewayConfig, WhatsAppConfig } from '@server/config';
import { inTextLanguage, serverText } from '@server/lib/texts';
import { formatRewardLastDay } from '@shared/rewards/reward-expiry';
import { formatPKR } from '@shared/number-format';
import { ROMAN_URDU, type MessageLanguage } from '@shared/i18n/roman-urdu';
import { nationalPhoneNumber } from '@shared/accounts/phone';

import { isUnicodeSms, smsText, type TextChannel } from '@shared/notifications/outbox';
import type { z } from 'zod';
import { pushMessageFor, type phoneNoticeSchema } from './push-messages';

export type { TextChannel };

export interface CodeMessage {
  /** E.164. */
  to: string;
  code: string;
  language: MessageLanguage;
}

/** "Chai Khana: 3 of 10 stamps": the receipt of a stamp given by phone number (no smartphone). */
export interface StampReceipt {
  to: string;
  language: MessageLanguage;
  vendor: string;
  collected: number;
  required: number;
  /** A points card's award (decision 085): `collected` is the balance, and the words say points. */
  points?: boolean;
}

/** The answer to a customer's STOP: that channel sends them nothing more (decision 081). */
export interface StopConfirmation {
  to: string;
  language: MessageLanguage;
  channel: 'whatsapp' | 'sms';
}

/**
 * An owner's monthly report by WhatsApp (decision 090): the headline figures, already written in
 * the owner's language, in the order of the approved template's variables, and the PDF's address.
 */
export interface MonthlyReportMessage {
  to: string;
  language: MessageLanguage;
  /** Business, month, customers, visits, customers who came back, rewards' cost, the PDF's address. */
  values: [string, string, string, string, string, string, string];
}

/** The notices a customer may choose to get by phone (decision 081), with the facts their push carries. */
export type PhoneNoticeFacts = z.infer<typeof phoneNoticeSchema>;

/** A notice to one verified number, in the customer's language. */
export interface PhoneNotice {
  to: string;
  language: MessageLanguage;
  notice: PhoneNoticeFacts;
}

/** The provider's id of a message it took, for its delivery webhooks; null where it gives none. */
export type ProviderMessageId = string | null;

/**
 * One channel's provider. The outbox (text-outbox.ts) chooses among them, records what each
 * sent and follows its delivery.
 */
export interface TextProvider {
  channel: TextChannel;
  sendCode(message: CodeMessage): Promise<ProviderMessageId>;
  sendReceipt(receipt: StampReceipt): Promise<ProviderMessageId>;
  sendNotice(notice: PhoneNotice): Promise<ProviderMessageId>;
  sendStopConfirmation(message: StopConfirmation): Promise<ProviderMessageId>;
  sendReport(report: MonthlyReportMessage): Promise<ProviderMessageId>;
}

/** SMS carries any words: a receipt WhatsApp could not deliver goes again as what it said. */
export interface SmsProvider extends TextProvider {
  channel: 'sms';
  sendText(to: string, text: string): Promise<ProviderMessageId>;
}

/** A provider that did not take the message: the request says so instead of waiting for a code. */
export class TextMessageFailed extends Error {}

/**
 * WhatsApp has no approved template of that name in that language (Meta's error 132001): the
 * outbox sends the message again in English and marks it for the admin (decision 082).
 */
export class TemplateMissing extends TextMessageFailed {}

/** Meta's answer to a template it has not approved in the language asked: `{ error: { code: 132001 } }`. */
const TEMPLATE_MISSING = 132001;

/**
 * A provider that did not answer, or answered that it is failing (5xx): not the message's fault,
 * so it may go by another channel now or by the same one later.
 */
export class TextProviderUnavailable extends TextMessageFailed {}

/** A provider that answered 429: it takes the message again after `retryAfterMs`. */
export class TextProviderBusy extends TextProviderUnavailable {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Without a Retry-After, a provider's 429 is tried again after a second (its rate is per second). */
const DEFAULT_RETRY_AFTER_MS = 1_000;

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : DEFAULT_RETRY_AFTER_MS;
}

/** The code's words, in the reader's language, with the warning never to share it. */
export function codeText(message: CodeMessage): string {
  return inTextLanguage(message.language, () => serverText('account:phoneCode.text', { code: message.code }));
}

/** The receipt's words in the customer's language. */
export function receiptText(receipt: StampReceipt): string {
  if (receipt.points)
    return inTextLanguage(receipt.language, () =>
      serverText('customer:phoneReceipt.points', { vendor: receipt.vendor, collected: receipt.collected }),
    );
  return inTextLanguage(receipt.language, () =>
    serverText('customer:phoneReceipt.text', {
      vendor: receipt.vendor,
      collected: receipt.collected,
      required: receipt.required,
      count: receipt.required,
    }),
  );
}

/** The STOP confirmation's words, naming the channel that stopped. */
export function stopConfirmationText({ language, channel }: StopConfirmation): string {
  return inTextLanguage(language, () =>
    serverText('customer:phoneStop.confirmation', { channel: channel === 'whatsapp' ? 'WhatsApp' : 'SMS' }),
  );
}

/** The monthly report's words as the outbox keeps them (and an SMS or the log would carry them). */
export function reportText({ language, values }: MonthlyReportMessage): string {
  const [business, month, customers, visits, repeat, cost, url] = values;
  return inTextLanguage(language, () =>
    serverText('emails:monthlyReport.whatsapp', { business, month, customers, visits, repeat, cost, url }),
  );
}

/** A notice's words for SMS: its push's title and body, in the customer's language. */
export function noticeText({ language, notice }: PhoneNotice): string {
  return inTextLanguage(language, () => {
    const message = pushMessageFor(notice);
    return `${message.title}\n${message.body}`;
  });
}

/** The variables of each notice's approved template, in its order (README, WHATSAPP_*_TEMPLATE). */
function noticeTemplateValues(notice: PhoneNoticeFacts): Array<string | number> {
  switch (notice.type) {
    case 'stamp':
      // A points card's award has its own template (decision 085): shop, card, points, reward, price.
      return notice.points
        ? [notice.vendorName, notice.cardName, notice.stampsCollected, notice.rewardTitle, notice.stampsRequired]
        : [notice.vendorName, notice.cardName, notice.stampsCollected, notice.stampsRequired, notice.rewardTitle];
    case 'tier_downgrade':
      // The basis (visits or points) and its plural are the push's line (decision 087).
      return [notice.vendorName, notice.levelName, templateValue(pushMessageFor(notice).body)];
    case 'reward':
      return [notice.vendorName, notice.rewardTitle, notice.cardName];
    case 'reward_expiry':
      return [notice.vendorName, notice.rewardTitle, formatRewardLastDay(new Date(notice.expiresAt))];
    case 'vendor_message':
      return [notice.vendorName, templateValue(notice.subject), templateValue(notice.message)];
    case 'daily_chaska':
      return [
        notice.vendorName,
        notice.city,
        notice.dealTitle,
        formatPKR(notice.dealPrice),
        formatPKR(notice.originalPrice),
      ];
    case 'hourly_chaska':
      // The price and the end are optional: the template takes the line the push shows.
      return [notice.vendorName, notice.city, notice.dealTitle, templateValue(pushMessageFor(notice).body)];
  }
}

/** The approved template of a notice: its type's, a points card's award its own. */
function noticeTemplateOf(config: WhatsAppConfig, notice: PhoneNoticeFacts): string {
  return notice.type === 'stamp' && notice.points ? config.noticeTemplates.points : config.noticeTemplates[notice.type];
}

async function post(url: string, token: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new TextProviderUnavailable(`The message provider did not answer: ${(error as Error).message}`);
  }
  // A 429 or a 5xx says nothing about the message (it goes later); any other 4xx refuses it for good.
  if (response.status === 429)
    throw new TextProviderBusy(
      'The message provider asked to slow down (429)',
      retryAfterMs(response.headers.get('retry-after')),
    );
  if (response.status >= 500) throw new TextProviderUnavailable(`The message provider is failing (${response.status})`);
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as {
      error?: { code?: unknown; message?: unknown };
    } | null;
    const message = `The message provider refused the message (${response.status})`;
    if (refusal?.error?.code === TEMPLATE_MISSING)
      throw new TemplateMissing(`${message}: ${String(refusal.error.message).slice(0, 200)}`);
    throw new TextMessageFailed(message);
  }
  // The answer names the message for later delivery reports; a provider that says nothing still sent it.
  return response.json().catch(() => null);
}

/** Meta refuses a template variable with a line break or a tab, or over 1,024 characters. */
function templateValue(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 1000 ? `${flat.slice(0, 999).trimEnd()}…` : flat;
}

/** A provider's id for a message, read from its answer when it is a short printable string. */
function messageIdIn(value: unknown): ProviderMessageId {
  return typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value) ? value : null;
}

export function createWhatsAppSender(config: WhatsAppConfig): TextProvider {
  // Outside the 24 hours after the customer wrote, WhatsApp takes approved templates only. Meta
  // has no code for Roman Urdu: its templates have a name of their own (decision 082).
  const sendTemplate = async (to: string, name: string, language: MessageLanguage, components: unknown[]) => {
    const template =
      language === ROMAN_URDU
        ? { name: `${name}${config.romanUrdu.suffix}`, language: { code: config.romanUrdu.code } }
        : { name, language: { code: language } };
    const answer = (await post(`${config.apiUrl}/${config.phoneNumberId}/messages`, config.accessToken, {
      messaging_product: 'whatsapp',
      to: to.replace(/^\+/, ''),
      type: 'template',
      template: { ...template, components },
    })) as { messages?: Array<{ id?: unknown }> } | null;
    return messageIdIn(answer?.messages?.[0]?.id);
  };
  const texts = (...values: Array<string | number>) => values.map((value) => ({ type: 'text', text: String(value) }));
  return {
    channel: 'whatsapp',
    async sendCode(message) {
      // An authentication template takes the code in its body and in its copy-code button.
      return sendTemplate(message.to, config.codeTemplate, message.language, [
        { type: 'body', parameters: texts(message.code) },
        { type: 'button', sub_type: 'url', index: '0', parameters: texts(message.code) },
      ]);
    },
    async sendReceipt(receipt) {
      if (receipt.points)
        return sendTemplate(receipt.to, config.pointsReceiptTemplate, receipt.language, [
          { type: 'body', parameters: texts(receipt.vendor, receipt.collected) },
        ]);
      return sendTemplate(receipt.to, config.receiptTemplate, receipt.language, [
        { type: 'body', parameters: texts(receipt.vendor, receipt.collected, receipt.required) },
      ]);
    },
    async sendNotice({ to, language, notice }) {
      const values = inTextLanguage(language, () => noticeTemplateValues(notice));
      return sendTemplate(to, noticeTemplateOf(config, notice), language, [
        { type: 'body', parameters: texts(...values) },
      ]);
    },
    async sendStopConfirmation({ to, language }) {
      return sendTemplate(to, config.stopTemplate, language, []);
    },
    async sendReport({ to, language, values }) {
      return sendTemplate(to, config.reportTemplate, language, [
        { type: 'body', parameters: texts(...values.map(templateValue)) },
      ]);
    },
  };
}

export function createSmsSender(config: SmsGatewayConfig): SmsProvider {
  const sendText = async (to: string, words: string) => {
    const text = smsText(words);
    const answer = (await post(config.url, config.token, {
      to,
      from: config.senderId,
      text,
      // Urdu goes as UCS-2 (70 characters a part), English as GSM-7 (160).
      unicode: isUnicodeSms(text),
    })) as { id?: unknown } | null;
    return messageIdIn(answer?.id);
  };
  return {
    channel: 'sms',
    sendText,
    sendCode: (message) => sendText(message.to, codeText(message)),
    sendReceipt: (receipt) => sendText(receipt.to, receiptText(receipt)),
    sendNotice: (notice) => sendText(notice.to, noticeText(notice)),
    sendStopConfirmation: (message) => sendText(message.to, stopConfirmationText(message)),
    sendReport: (report) => sendText(report.to, reportText(report)),
  };
}

/** Without a provider: the code in the server's log, for development and the demo only. */
export function createLogSender(logger: { info(fields: object, message: string): void }): TextProvider {
  return {
    channel: 'log',
    async sendCode(message) {
      logger.info(
        { phoneCode: { to: nationalPhoneNumber(message.to), code: message.code } },
        'Phone code written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
      return null;
    },
    async sendReceipt(receipt) {
      logger.info(
        { phoneReceipt: { to: nationalPhoneNumber(receipt.to), text: receiptText(receipt) } },
        'Stamp receipt written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
      return null;
    },
    async sendNotice(notice) {
      logger.info(
        { phoneNotice: { to: nationalPhoneNumber(notice.to), text: noticeText(notice) } },
        'Notice written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
      return null;
    },
    async sendStopConfirmation(message) {
      logger.info(
        { phoneNotice: { to: nationalPhoneNumber(message.to), text: stopConfirmationText(message) } },
        'STOP confirmation written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
      return null;
    },
    async sendReport(report) {
      logger.info(
        { phoneNotice: { to: nationalPhoneNumber(report.to), text: reportText(report) } },
        'Monthly report written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
      return null;
    },
  };
}

/** A provider for tests: keeps what it sends, names each message, and fails on demand. */
export interface RecordingTextProvider extends SmsProvider {
  sent: CodeMessage[];
  receipts: StampReceipt[];
  notices: PhoneNotice[];
  reports: MonthlyReportMessage[];
  texts: Array<{ to: string; text: string }>;
  /** The id of the newest message it took, as its delivery webhooks name it. */
  lastMessageId(): string | null;
  /** The next `count` messages fail: unavailable (a 503, the default), busy (a 429) or refused (a 400). */
  failNext(count: number, how?: 'unavailable' | 'busy' | 'refused'): void;
  /** The languages it has no approved template in, as WhatsApp answers (decision 082). */
  templatesMissingIn: MessageLanguage[];
}

export function createRecordingTextProvider(channel: 'whatsapp' | 'sms' = 'sms'): RecordingTextProvider {
  let failuresLeft = 0;
  let failure: 'unavailable' | 'busy' | 'refused' = 'unavailable';
  let taken = 0;
  const sent: CodeMessage[] = [];
  const receipts: StampReceipt[] = [];
  const notices: PhoneNotice[] = [];
  const reports: MonthlyReportMessage[] = [];
  const texts: Array<{ to: string; text: string }> = [];
  const templatesMissingIn: MessageLanguage[] = [];
  function take(language?: MessageLanguage) {
    if (language && templatesMissingIn.includes(language))
      throw new TemplateMissing(`The message provider refused the message (404): no template in ${language}`);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      if (failure === 'busy') throw new TextProviderBusy('The message provider asked to slow down (429)', 1_000);
      if (failure === 'refused') throw new TextMessageFailed('The message provider refused the message (400)');
      throw new TextProviderUnavailable('The message provider is failing (503)');
    }
    taken += 1;
    return `${channel}-message-${taken}`;
  }
  return {
    channel: channel as 'sms',
    sent,
    receipts,
    notices,
    reports,
    texts,
    lastMessageId: () => (taken ? `${channel}-message-${taken}` : null),
    templatesMissingIn,
    failNext(count, how = 'unavailable') {
      failuresLeft = count;
      failure = how;
    },
    async sendCode(message) {
      const id = take(message.language);
      sent.push(message);
      return id;
    },
    async sendReceipt(receipt) {
      const id = take(receipt.language);
      receipts.push(receipt);
      return id;
    },
    async sendNotice(notice) {
      const id = take(notice.language);
      notices.push(notice);
      return id;
    },
    async sendText(to, text) {
      const id = take();
      texts.push({ to, text });
      return id;
    },
    async sendStopConfirmation(message) {
      const id = take(message.language);
      texts.push({ to: message.to, text: stopConfirmationText(message) });
      return id;
    },
    async sendReport(report) {
      const id = take(report.language);
      reports.push(report);
      return id;
    },
  };
}

/** The providers the configuration names; both WhatsApp and SMS when both are set. */
export interface TextProviders {
  whatsapp?: TextProvider;
  sms?: SmsProvider;
  log?: TextProvider;
}

/**
 * WhatsApp first (read by most), SMS as its fallback or alone (every phone has it). Without
 * either, codes go to the log where that is safe (development, tests, the demo) and phone
 * sign-in is off elsewhere.
 */
export function textProvidersFor(
  config: Pick<Config, 'env' | 'demoMode' | 'textMessages'>,
  logger: { info(fields: object, message: string): void },
): TextProviders {
  const { whatsapp, sms } = config.textMessages;
  if (whatsapp || sms) {
    return {
      ...(whatsapp ? { whatsapp: createWhatsAppSender(whatsapp) } : {}),
      ...(sms ? { sms: createSmsSender(sms) } : {}),
    };
  }
  return config.env !== 'production' || config.demoMode ? { log: createLogSender(logger) } : {};
}
