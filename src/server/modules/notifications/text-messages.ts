import type { Config, SmsGatewayConfig, WhatsAppConfig } from '@server/config';
import { inTextLanguage, serverText } from '@server/lib/texts';
import type { Language } from '@shared/i18n/languages';
import { nationalPhoneNumber } from '@shared/accounts/phone';

/** Where a code went: WhatsApp, SMS, or (no provider configured, never in production) the log. */
export type TextChannel = 'whatsapp' | 'sms' | 'log';

export interface CodeMessage {
  /** E.164. */
  to: string;
  code: string;
  language: Language;
}

/** "Chai Khana: 3 of 10 stamps": the receipt of a stamp given by phone number (no smartphone). */
export interface StampReceipt {
  to: string;
  language: Language;
  vendor: string;
  collected: number;
  required: number;
}

/** The phone's channels behind one door: the provider is chosen once, from the configuration. */
export interface TextMessageSender {
  channel: TextChannel;
  sendCode(message: CodeMessage): Promise<void>;
  sendReceipt(receipt: StampReceipt): Promise<void>;
}

/** A provider that did not take the message: the request says so instead of waiting for a code. */
export class TextMessageFailed extends Error {}

/** The code's words, in the reader's language, with the warning never to share it. */
export function codeText(message: CodeMessage): string {
  return inTextLanguage(message.language, () => serverText('account:phoneCode.text', { code: message.code }));
}

/** The receipt's words in the customer's language. */
export function receiptText(receipt: StampReceipt): string {
  return inTextLanguage(receipt.language, () =>
    serverText('customer:phoneReceipt.text', {
      vendor: receipt.vendor,
      collected: receipt.collected,
      required: receipt.required,
    }),
  );
}

async function post(url: string, token: string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new TextMessageFailed(`The message provider did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new TextMessageFailed(`The message provider refused the message (${response.status})`);
}

export function createWhatsAppSender(config: WhatsAppConfig): TextMessageSender {
  // Outside the 24 hours after the customer wrote, WhatsApp takes approved templates only.
  const sendTemplate = (to: string, name: string, language: Language, components: unknown[]) =>
    post(`${config.apiUrl}/${config.phoneNumberId}/messages`, config.accessToken, {
      messaging_product: 'whatsapp',
      to: to.replace(/^\+/, ''),
      type: 'template',
      template: { name, language: { code: language }, components },
    });
  const texts = (...values: Array<string | number>) => values.map((value) => ({ type: 'text', text: String(value) }));
  return {
    channel: 'whatsapp',
    async sendCode(message) {
      // An authentication template takes the code in its body and in its copy-code button.
      await sendTemplate(message.to, config.codeTemplate, message.language, [
        { type: 'body', parameters: texts(message.code) },
        { type: 'button', sub_type: 'url', index: '0', parameters: texts(message.code) },
      ]);
    },
    async sendReceipt(receipt) {
      await sendTemplate(receipt.to, config.receiptTemplate, receipt.language, [
        { type: 'body', parameters: texts(receipt.vendor, receipt.collected, receipt.required) },
      ]);
    },
  };
}

export function createSmsSender(config: SmsGatewayConfig): TextMessageSender {
  const send = (to: string, text: string) =>
    post(config.url, config.token, {
      to,
      from: config.senderId,
      text,
      // Urdu goes as UCS-2 (70 characters a part), English as GSM-7 (160).
      unicode: !/^[\x20-\x7e\n]*$/.test(text),
    });
  return {
    channel: 'sms',
    sendCode: (message) => send(message.to, codeText(message)),
    sendReceipt: (receipt) => send(receipt.to, receiptText(receipt)),
  };
}

/** Without a provider: the code in the server's log, for development and the demo only. */
export function createLogSender(logger: { info(fields: object, message: string): void }): TextMessageSender {
  return {
    channel: 'log',
    async sendCode(message) {
      logger.info(
        { phoneCode: { to: nationalPhoneNumber(message.to), code: message.code } },
        'Phone code written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
    },
    async sendReceipt(receipt) {
      logger.info(
        { phoneReceipt: { to: nationalPhoneNumber(receipt.to), text: receiptText(receipt) } },
        'Stamp receipt written to the log (no WHATSAPP_* or SMS_GATEWAY_* settings)',
      );
    },
  };
}

/** A sender for tests: keeps what it sends and fails on demand. */
export interface RecordingTextSender extends TextMessageSender {
  sent: CodeMessage[];
  receipts: StampReceipt[];
  failNext(count: number): void;
}

export function createRecordingTextSender(): RecordingTextSender {
  let failuresLeft = 0;
  const sent: CodeMessage[] = [];
  const receipts: StampReceipt[] = [];
  function refuseIfAsked() {
    if (failuresLeft === 0) return;
    failuresLeft -= 1;
    throw new TextMessageFailed('The message provider refused the message (503)');
  }
  return {
    channel: 'sms',
    sent,
    receipts,
    failNext(count) {
      failuresLeft = count;
    },
    async sendCode(message) {
      refuseIfAsked();
      sent.push(message);
    },
    async sendReceipt(receipt) {
      refuseIfAsked();
      receipts.push(receipt);
    },
  };
}

/**
 * WhatsApp first (read by most), SMS otherwise (every phone has it). Without either, codes go to
 * the log where that is safe (development, tests, the demo) and phone sign-in is off elsewhere.
 */
export function createTextMessageSender(
  config: Pick<Config, 'env' | 'demoMode' | 'textMessages'>,
  logger: { info(fields: object, message: string): void },
): TextMessageSender | null {
  if (config.textMessages.whatsapp) return createWhatsAppSender(config.textMessages.whatsapp);
  if (config.textMessages.sms) return createSmsSender(config.textMessages.sms);
  if (config.env !== 'production' || config.demoMode) return createLogSender(logger);
  return null;
}
