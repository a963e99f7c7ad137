import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@server/test/build-test-app';
import {
  TextMessageFailed,
  codeText,
  createSmsSender,
  createTextMessageSender,
  createWhatsAppSender,
} from './text-messages';

interface Received {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A provider on loopback: keeps what it receives, answers with the status it is given. */
function startFakeProvider() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    received,
    answerWith: (next: number) => (status = next),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('phone code messages', () => {
  const provider = startFakeProvider();
  let url = '';
  beforeAll(async () => {
    url = await provider.start();
  });
  afterAll(() => provider.stop());

  it('WhatsApp: the approved template by name and language, the code in the body and the copy button', async () => {
    const sender = createWhatsAppSender({
      apiUrl: url,
      phoneNumberId: '1234567890',
      accessToken: 'wa-token',
      codeTemplate: 'chaska_code',
      receiptTemplate: 'chaska_stamp_receipt',
    });
    await sender.sendCode({ to: '+923001234567', code: '042917', language: 'ur' });
    const request = provider.received.at(-1)!;
    expect(request.path).toBe('/1234567890/messages');
    expect(request.authorization).toBe('Bearer wa-token');
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      to: '923001234567',
      type: 'template',
      template: {
        name: 'chaska_code',
        language: { code: 'ur' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '042917' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '042917' }] },
        ],
      },
    });
  });

  it('a stamp receipt: the utility template with vendor and count on WhatsApp, the words by SMS', async () => {
    const receipt = { to: '+923001234567', language: 'en' as const, vendor: 'Chai Khana', collected: 3, required: 10 };
    const whatsapp = createWhatsAppSender({
      apiUrl: url,
      phoneNumberId: '42',
      accessToken: 'wa-token',
      codeTemplate: 'chaska_code',
      receiptTemplate: 'chaska_stamp_receipt',
    });
    await whatsapp.sendReceipt(receipt);
    expect(provider.received.at(-1)!.body.template).toEqual({
      name: 'chaska_stamp_receipt',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Chai Khana' },
            { type: 'text', text: '3' },
            { type: 'text', text: '10' },
          ],
        },
      ],
    });
    const sms = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    await sms.sendReceipt(receipt);
    expect(provider.received.at(-1)!.body.text).toBe('Chai Khana: 3 of 10 stamps. Thank you for visiting!');
  });

  it('SMS: the text in the reader language, Urdu marked as unicode, with the warning never to share it', async () => {
    const sender = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    await sender.sendCode({ to: '+923001234567', code: '042917', language: 'en' });
    const english = provider.received.at(-1)!;
    expect(english).toMatchObject({ path: '/send', authorization: 'Bearer sms-token' });
    expect(english.body).toEqual({
      to: '+923001234567',
      from: 'Chaska',
      text: '042917 is your Chaska code. Never share it with anyone, not even shop staff.',
      unicode: false,
    });
    await sender.sendCode({ to: '+923001234567', code: '042917', language: 'ur' });
    const urdu = provider.received.at(-1)!.body;
    expect(urdu.unicode).toBe(true);
    expect(urdu.text).toBe(codeText({ to: '+923001234567', code: '042917', language: 'ur' }));
    expect(String(urdu.text)).toContain('عملے');
  });

  it('a refusal or silence of the provider is a failure the route can report', async () => {
    const sender = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    provider.answerWith(503);
    await expect(sender.sendCode({ to: '+923001234567', code: '1', language: 'en' })).rejects.toBeInstanceOf(
      TextMessageFailed,
    );
    provider.answerWith(200);
    const nowhere = createSmsSender({ url: 'http://127.0.0.1:9/send', token: 't', senderId: 'Chaska' });
    await expect(nowhere.sendCode({ to: '+923001234567', code: '1', language: 'en' })).rejects.toBeInstanceOf(
      TextMessageFailed,
    );
  });

  it('WhatsApp before SMS; without either, the log outside production and nothing in production', () => {
    const logger = { info() {} };
    const both = testConfig({
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_ACCESS_TOKEN: 'a',
      SMS_GATEWAY_URL: 'https://sms.example.pk/send',
      SMS_GATEWAY_TOKEN: 'b',
    });
    expect(createTextMessageSender(both, logger)?.channel).toBe('whatsapp');
    const smsOnly = testConfig({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_TOKEN: 'b' });
    expect(createTextMessageSender(smsOnly, logger)?.channel).toBe('sms');
    expect(createTextMessageSender(testConfig(), logger)?.channel).toBe('log');
    const production = { ...testConfig(), env: 'production' as const, demoMode: false };
    expect(createTextMessageSender(production, logger)).toBeNull();
    expect(createTextMessageSender({ ...production, demoMode: true }, logger)?.channel).toBe('log');
  });
});
