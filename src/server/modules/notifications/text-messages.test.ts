import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@server/test/build-test-app';
import { startFakeTextProviders } from '@server/test/fake-text-providers';
import {
  TemplateMissing,
  TextMessageFailed,
  TextProviderBusy,
  TextProviderUnavailable,
  codeText,
  createSmsSender,
  createWhatsAppSender,
  textProvidersFor,
} from './text-messages';

/** A WhatsApp sender at the fake provider, with the default template names. */
const whatsAppSender = (apiUrl: string, phoneNumberId: string) =>
  createWhatsAppSender({
    apiUrl,
    phoneNumberId,
    accessToken: 'wa-token',
    codeTemplate: 'chaska_code',
    receiptTemplate: 'chaska_stamp_receipt',
    pointsReceiptTemplate: 'chaska_points_receipt',
    stopTemplate: 'chaska_stop_confirmation',
    reportTemplate: 'chaska_monthly_report',
    noticeTemplates: {
      stamp: 'chaska_stamp_notice',
      points: 'chaska_points_notice',
      tier_downgrade: 'chaska_tier_downgrade_notice',
      reward: 'chaska_reward_notice',
      reward_expiry: 'chaska_reward_expiry_notice',
      vendor_message: 'chaska_vendor_message',
      daily_chaska: 'chaska_daily_deal',
      hourly_chaska: 'chaska_hourly_deal',
    },
    romanUrdu: { suffix: '_roman_urdu', code: 'en' },
  });

interface Received {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A provider on loopback: keeps what it receives, answers with the status it is given. */
function startFakeProvider() {
  const received: Received[] = [];
  let status = 200;
  let answer = '{}';
  let headers: Record<string, string> = {};
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(answer);
    });
  });
  return {
    received,
    answerWith: (next: number, nextHeaders: Record<string, string> = {}) => {
      status = next;
      headers = nextHeaders;
    },
    answerBody: (next: string) => (answer = next),
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
    const sender = whatsAppSender(url, '1234567890');
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
    const whatsapp = whatsAppSender(url, '42');
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
    // A one-stamp card (a Daily Chaska deal) reads in the singular.
    await sms.sendReceipt({ ...receipt, collected: 1, required: 1 });
    expect(provider.received.at(-1)!.body.text).toBe('Chai Khana: 1 of 1 stamp. Thank you for visiting!');
  });

  it('a points card’s receipt: its own template with the balance, and its words in points', async () => {
    const receipt = {
      to: '+923001234567',
      language: 'en' as const,
      vendor: 'Lahori Chai',
      collected: 480,
      required: 500,
      points: true,
    };
    await whatsAppSender(url, '42').sendReceipt(receipt);
    expect(provider.received.at(-1)!.body.template).toEqual({
      name: 'chaska_points_receipt',
      language: { code: 'en' },
      components: [{ type: 'body', parameters: ['Lahori Chai', '480'].map((text) => ({ type: 'text', text })) }],
    });
    const sms = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    await sms.sendReceipt(receipt);
    expect(provider.received.at(-1)!.body.text).toBe('Lahori Chai: you have 480 points. Thank you for visiting!');
    await sms.sendReceipt({ ...receipt, language: 'ur-Latn' });
    expect(provider.received.at(-1)!.body.text).toBe('Lahori Chai: aap ke 480 points. Aane ka shukriya!');
    await sms.sendReceipt({ ...receipt, language: 'ur' });
    expect(provider.received.at(-1)!.body.text).toContain('پوائنٹس');
  });

  it('a notice (decision 081): its template by name and language with its facts on WhatsApp, its words by SMS', async () => {
    const stamp = {
      to: '+923001234567',
      language: 'ur' as const,
      notice: {
        type: 'stamp' as const,
        userCardId: 'card-1',
        vendorName: 'Chai Khana',
        cardName: 'Doodh Patti Club',
        stampsCollected: 2,
        stampsRequired: 3,
        rewardTitle: 'Free Karak Chai',
      },
    };
    const whatsapp = whatsAppSender(url, '42');
    await whatsapp.sendNotice(stamp);
    expect(provider.received.at(-1)!.body.template).toEqual({
      name: 'chaska_stamp_notice',
      language: { code: 'ur' },
      components: [
        {
          type: 'body',
          parameters: ['Chai Khana', 'Doodh Patti Club', '2', '3', 'Free Karak Chai'].map((text) => ({
            type: 'text',
            text,
          })),
        },
      ],
    });
    const reward = {
      to: '+923001234567',
      language: 'en' as const,
      notice: {
        type: 'reward' as const,
        rewardId: 'reward-1',
        vendorName: 'Chai Khana',
        cardName: 'Doodh Patti Club',
        rewardTitle: 'Free Karak Chai',
        rewardValue: 150,
      },
    };
    await whatsapp.sendNotice(reward);
    expect(provider.received.at(-1)!.body.template).toMatchObject({
      name: 'chaska_reward_notice',
      language: { code: 'en' },
      components: [
        { parameters: ['Chai Khana', 'Free Karak Chai', 'Doodh Patti Club'].map((text) => ({ type: 'text', text })) },
      ],
    });

    const sms = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    await sms.sendNotice({ ...stamp, language: 'en' });
    expect(provider.received.at(-1)!.body).toMatchObject({
      text: 'Stamp collected at Chai Khana (2/3)\nDoodh Patti Club: 2 of 3 stamps. 1 more stamp to go for Free Karak Chai.',
      unicode: false,
    });
    await sms.sendNotice(stamp);
    const urdu = provider.received.at(-1)!.body;
    expect(urdu.unicode).toBe(true);
    expect(urdu.text).toContain('Chai Khana');
    expect(urdu.text).not.toContain('Stamp collected');
  });

  it('a points card’s award has its own template, in points; a level’s end its own, with the push’s line', async () => {
    const whatsapp = whatsAppSender(url, '42');
    const parameters = () =>
      (
        provider.received.at(-1)!.body.template as { components: Array<{ parameters: Array<{ text: string }> }> }
      ).components[0]!.parameters.map((parameter) => parameter.text);
    await whatsapp.sendNotice({
      to: '+923001234567',
      language: 'ur-Latn',
      notice: {
        type: 'stamp',
        userCardId: 'card-1',
        vendorName: 'Lahori Chai',
        cardName: 'Chai Points',
        stampsCollected: 120,
        stampsRequired: 500,
        rewardTitle: 'Free paratha',
        points: true,
      },
    });
    expect(provider.received.at(-1)!.body.template).toMatchObject({ name: 'chaska_points_notice_roman_urdu' });
    // Shop, card, points, reward, its price in points.
    expect(parameters()).toEqual(['Lahori Chai', 'Chai Points', '120', 'Free paratha', '500']);

    const notice = {
      type: 'tier_downgrade' as const,
      userCardId: 'card-1',
      vendorName: 'Lahori Chai',
      cardName: 'Chai Club',
      levelName: 'Gold',
      basis: 'points' as const,
      needs: 40,
      endsAt: '2026-03-18T05:00:00.000Z',
    };
    for (const [language, line] of [
      ['en', 'Chai Club: your Gold level ends on 18 March 2026. Collect 40 more points by then to keep it.'],
      [
        'ur-Latn',
        'Chai Club: aap ka Gold level 18 March 2026 ko khatam ho jayega. Isay rakhne ke liye tab tak 40 points aur jama karein.',
      ],
    ] as const) {
      await whatsapp.sendNotice({ to: '+923001234567', language, notice });
      expect(provider.received.at(-1)!.body.template).toMatchObject({
        name: language === 'en' ? 'chaska_tier_downgrade_notice' : 'chaska_tier_downgrade_notice_roman_urdu',
      });
      expect(parameters()).toEqual(['Lahori Chai', 'Gold', line]);
    }
    const sms = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    await sms.sendNotice({ to: '+923001234567', language: 'ur', notice });
    expect(provider.received.at(-1)!.body).toMatchObject({ unicode: true });
    expect(provider.received.at(-1)!.body.text).toContain('پوائنٹ');
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

  it("Roman Urdu (decision 082): WhatsApp's template under its own name and Meta's configured code, SMS as GSM-7", async () => {
    const whatsapp = whatsAppSender(url, '42');
    await whatsapp.sendCode({ to: '+923001234567', code: '042917', language: 'ur-Latn' });
    expect(provider.received.at(-1)!.body.template).toMatchObject({
      name: 'chaska_code_roman_urdu',
      language: { code: 'en' },
    });
    const sms = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    await sms.sendCode({ to: '+923001234567', code: '042917', language: 'ur-Latn' });
    expect(provider.received.at(-1)!.body).toMatchObject({
      text: 'Aap ka Chaska code 042917 hai. Yeh code kisi ko na batayein, dukaan ke staff ko bhi nahi.',
      unicode: false,
    });
  });

  it("Meta's 132001 (no template in that language) is a refusal of its own; other refusals are not", async () => {
    const fake = await startFakeTextProviders();
    try {
      const settings = fake.settingsFor('http://127.0.0.1:9', { whatsApp: true });
      const whatsapp = createWhatsAppSender(testConfig(settings).textMessages.whatsapp!);
      const notice = {
        type: 'vendor_message' as const,
        vendorName: 'Chai Khana',
        vendorSlug: 'chai-khana',
        subject: 'Eid offer',
        message: 'Double stamps',
      };
      // The fake's Meta has not approved the vendor's message in Roman Urdu.
      const refused = whatsapp.sendNotice({ to: '+923001234567', language: 'ur-Latn', notice });
      await expect(refused).rejects.toBeInstanceOf(TemplateMissing);
      await expect(refused).rejects.toThrow('(#132001)');
      expect(await whatsapp.sendNotice({ to: '+923001234567', language: 'en', notice })).toMatch(/^wamid/);
    } finally {
      await fake.stop();
    }
    provider.answerWith(400);
    provider.answerBody('{"error":{"message":"(#131009) Parameter value is not valid","code":131009}}');
    const other = whatsAppSender(url, '42').sendCode({ to: '+923001234567', code: '1', language: 'ur' });
    await expect(other).rejects.toBeInstanceOf(TextMessageFailed);
    await expect(other).rejects.not.toBeInstanceOf(TemplateMissing);
    provider.answerWith(200);
    provider.answerBody('{}');
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

  it('tells a provider that is down or at its rate from one that refuses the message', async () => {
    const sender = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    const failure = async () =>
      sender.sendCode({ to: '+923001234567', code: '1', language: 'en' }).then(
        () => null,
        (error: unknown) => error,
      );
    provider.answerWith(429, { 'retry-after': '3' });
    const busy = await failure();
    expect(busy).toBeInstanceOf(TextProviderBusy);
    expect((busy as TextProviderBusy).retryAfterMs).toBe(3_000);
    // Without Retry-After, a second: rates are per second.
    provider.answerWith(429);
    expect(((await failure()) as TextProviderBusy).retryAfterMs).toBe(1_000);
    provider.answerWith(502);
    const down = await failure();
    expect(down).toBeInstanceOf(TextProviderUnavailable);
    expect(down).not.toBeInstanceOf(TextProviderBusy);
    const nowhere = createSmsSender({ url: 'http://127.0.0.1:9/send', token: 't', senderId: 'Chaska' });
    await expect(nowhere.sendCode({ to: '+923001234567', code: '1', language: 'en' })).rejects.toBeInstanceOf(
      TextProviderUnavailable,
    );
    // A wrong number stays wrong: refused, not unavailable.
    provider.answerWith(400);
    const refused = await failure();
    expect(refused).toBeInstanceOf(TextMessageFailed);
    expect(refused).not.toBeInstanceOf(TextProviderUnavailable);
    provider.answerWith(200);
  });

  it('WhatsApp with SMS behind it; without either, the log outside production and nothing in production', () => {
    const logger = { info() {} };
    const channels = (providers: ReturnType<typeof textProvidersFor>) =>
      Object.values(providers).map((provider) => provider.channel);
    const both = testConfig({
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_ACCESS_TOKEN: 'a',
      SMS_GATEWAY_URL: 'https://sms.example.pk/send',
      SMS_GATEWAY_TOKEN: 'b',
    });
    expect(channels(textProvidersFor(both, logger))).toEqual(['whatsapp', 'sms']);
    const smsOnly = testConfig({ SMS_GATEWAY_URL: 'https://sms.example.pk/send', SMS_GATEWAY_TOKEN: 'b' });
    expect(channels(textProvidersFor(smsOnly, logger))).toEqual(['sms']);
    expect(channels(textProvidersFor(testConfig(), logger))).toEqual(['log']);
    const production = { ...testConfig(), env: 'production' as const, demoMode: false };
    expect(channels(textProvidersFor(production, logger))).toEqual([]);
    expect(channels(textProvidersFor({ ...production, demoMode: true }, logger))).toEqual(['log']);
  });

  it("reads the provider's id of a message from its answer, when it gives one", async () => {
    const whatsapp = whatsAppSender(url, '42');
    provider.answerBody('{"messaging_product":"whatsapp","messages":[{"id":"wamid.HBgM"}]}');
    expect(await whatsapp.sendCode({ to: '+923001234567', code: '042917', language: 'en' })).toBe('wamid.HBgM');
    const sms = createSmsSender({ url: `${url}/send`, token: 'sms-token', senderId: 'Chaska' });
    provider.answerBody('{"id":"sms-81"}');
    expect(await sms.sendCode({ to: '+923001234567', code: '042917', language: 'en' })).toBe('sms-81');
    provider.answerBody('not json');
    expect(await sms.sendCode({ to: '+923001234567', code: '042917', language: 'en' })).toBeNull();
    provider.answerBody('{}');
  });
});
