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

/** The phone's channels behind one door: the provider is chosen once, from the configuration. */
export interface TextMessageSender {
  channel: TextChannel;
  sendCode(message: CodeMessage): Promise<void>;
}

/** A provider that did not take the message: the request says so instead of waiting for a code. */
export class TextMessageFailed extends Error {}

/** The code's words, in the reader's language, with the warning never to share it. */
export function codeText(message: CodeMessage): string {
  return inTextLanguage(message.language, () => serverText('account:phoneCode.text', { code: message.code }));
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
  return {
    channel: 'whatsapp',
    async sendCode(message) {
      const code = [{ type: 'text', text: message.code }];
      await post(`${config.apiUrl}/${config.phoneNumberId}/messages`, config.accessToken, {
        messaging_product: 'whatsapp',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: config.codeTemplate,
          language: { code: message.language },
          // An authentication template takes the code in its body and in its copy-code button.
          components: [
            { type: 'body', parameters: code },
            { type: 'button', sub_type: 'url', index: '0', parameters: code },
          ],
        },
      });
    },
  };
}

export function createSmsSender(config: SmsGatewayConfig): TextMessageSender {
  return {
    channel: 'sms',
    async sendCode(message) {
      const text = codeText(message);
      await post(config.url, config.token, {
        to: message.to,
        from: config.senderId,
        text,
        // Urdu goes as UCS-2 (70 characters a part), English as GSM-7 (160).
        unicode: !/^[\x20-\x7e\n]*$/.test(text),
      });
    },
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
  };
}

/** A sender for tests: keeps what it sends and fails on demand. */
export interface RecordingTextSender extends TextMessageSender {
  sent: CodeMessage[];
  failNext(count: number): void;
}

export function createRecordingTextSender(): RecordingTextSender {
  let failuresLeft = 0;
  const sent: CodeMessage[] = [];
  return {
    channel: 'sms',
    sent,
    failNext(count) {
      failuresLeft = count;
    },
    async sendCode(message) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new TextMessageFailed('The message provider refused the message (503)');
      }
      sent.push(message);
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
