import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodySignature } from '@server/modules/notifications/text-webhook-routes';

/**
 * WhatsApp's Business Cloud API and our SMS gateway, on loopback, for the journeys and the
 * counter bench: each checks what the app sends as the real one would (the access token, an
 * approved template by name and language with the right parameters, a well-formed SMS), answers
 * with a message id, and then reports delivery back to the app's webhook, signed with the app's
 * secret, as the real ones do: WhatsApp's "delivered" twice (Meta may repeat an event), and
 * "failed" for a number that has no WhatsApp, which the app must then send by SMS.
 */

/** The fake's world: numbers of the 0341 series have no WhatsApp (their messages fail). */
const WITHOUT_WHATSAPP = /^\+92341/;

/** The templates approved in the fake's WhatsApp account, with how many body parameters each takes. */
const TEMPLATES: Record<string, { bodyParameters: number; copyCodeButton: boolean }> = {
  chaska_code: { bodyParameters: 1, copyCodeButton: true },
  chaska_stamp_receipt: { bodyParameters: 3, copyCodeButton: false },
  // The notices a customer turns on (decision 081): shop, card, collected, required, reward; shop, reward, card.
  chaska_stamp_notice: { bodyParameters: 5, copyCodeButton: false },
  chaska_reward_notice: { bodyParameters: 3, copyCodeButton: false },
  chaska_reward_expiry_notice: { bodyParameters: 3, copyCodeButton: false },
  // A vendor's message (marketing): shop, subject, message.
  chaska_vendor_message: { bodyParameters: 3, copyCodeButton: false },
  // Deals (marketing): shop, city, deal, price, usual price; hourly: shop, city, deal, its line.
  chaska_daily_deal: { bodyParameters: 5, copyCodeButton: false },
  // The answer to a STOP, inside the 24 hours after it: no variables.
  chaska_stop_confirmation: { bodyParameters: 0, copyCodeButton: false },
  chaska_hourly_deal: { bodyParameters: 4, copyCodeButton: false },
};

/**
 * Each template's approved languages, by Meta's code: English and Urdu for all; Roman Urdu
 * (decision 082) under its own name in `en`, for all but the vendor's message, whose Roman Urdu
 * Meta has not approved in the fake's world (the app must then send it in English).
 */
const APPROVED = new Set(
  Object.keys(TEMPLATES).flatMap((name) => [
    `${name}/en`,
    `${name}/ur`,
    ...(name === 'chaska_vendor_message' ? [] : [`${name}_roman_urdu/en`]),
  ]),
);
const templateOf = (name: string) => TEMPLATES[name.replace(/_roman_urdu$/, '')];

export interface ReceivedTextMessage {
  channel: 'whatsapp' | 'sms';
  /** The id the fake answered with, which its delivery reports name. */
  id: string;
  /** E.164. */
  to: string;
  /** The SMS's words; for WhatsApp, the template's parameters in order. */
  text: string;
  template?: { name: string; language: string; parameters: string[] };
  /** UCS-2 (Urdu) rather than GSM-7, as the app asked the SMS gateway. */
  unicode?: boolean;
  /** What the app answered to each delivery report sent back for this message. */
  reports: Array<{ status: string; httpStatus: number; applied?: number }>;
}

interface Account {
  appUrl: string;
  whatsAppToken?: string;
  appSecret?: string;
  smsToken: string;
  smsWebhookSecret?: string;
}

/** A mobile number no other test uses, in the series given (0341: one without WhatsApp). */
export function freshMobile(series = '0300') {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { typed: `${series} ${digits}`, e164: `+92${series.slice(1)}${digits}` };
}

const secret = () => randomBytes(18).toString('base64url');

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(null);
      }
    });
  });
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Meta's answer to a request it refuses: `{ error: { message, code } }`, with `error_data` where Meta gives it. */
function metaError(response: ServerResponse, status: number, code: number, message: string, details?: string) {
  answer(response, status, {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    },
  });
}

interface WhatsAppTemplateRequest {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: Array<{ type?: unknown; sub_type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
  };
}

/** What is wrong with a template message, as Meta would refuse it, or its parts when it is right. */
function readTemplate(
  body: WhatsAppTemplateRequest,
): string | { missing: string } | { to: string; name: string; language: string; parameters: string[] } {
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp';
  if (typeof body.to !== 'string' || !/^92[0-9]{10}$/.test(body.to)) return 'to must be a Pakistani number in digits';
  if (body.type !== 'template') return 'outside the 24-hour window only templates may be sent';
  const name = body.template?.name;
  const language = body.template?.language?.code;
  const approved = typeof name === 'string' ? templateOf(name) : undefined;
  if (!approved || !APPROVED.has(`${String(name)}/${String(language)}`))
    return { missing: `template name (${String(name)}) does not exist in ${String(language)}` };
  const components = body.template?.components ?? [];
  const textsOf = (component: (typeof components)[number] | undefined) =>
    (component?.parameters ?? []).map((parameter) => (parameter.type === 'text' ? parameter.text : undefined));
  const parameters = textsOf(components.find((component) => component.type === 'body'));
  if (parameters.length !== approved.bodyParameters || parameters.some((text) => typeof text !== 'string' || !text))
    return '(#132000) Number of parameters does not match the expected number of params';
  if (approved.copyCodeButton) {
    const button = components.find((component) => component.type === 'button');
    const code = textsOf(button)[0];
    if (button?.sub_type !== 'url' || code !== parameters[0])
      return '(#131008) The copy-code button must carry the same code as the body';
    if (!/^[0-9]{6}$/.test(parameters[0] as string)) return '(#131009) An authentication code is 6 digits';
  }
  return { to: `+${body.to}`, name: name as string, language: language as string, parameters: parameters as string[] };
}

function isSms(body: unknown): body is { to: string; from: string; text: string; unicode: boolean } {
  const sms = body as { to?: unknown; from?: unknown; text?: unknown; unicode?: unknown } | null;
  return (
    typeof sms?.to === 'string' &&
    /^\+92[0-9]{10}$/.test(sms.to) &&
    typeof sms.from === 'string' &&
    sms.from.length <= 11 &&
    typeof sms.text === 'string' &&
    sms.text.length > 0 &&
    typeof sms.unicode === 'boolean' &&
    // The app must ask for UCS-2 exactly when the words need it.
    sms.unicode === !/^[\x20-\x7e\n]*$/.test(sms.text)
  );
}

/**
 * A provider's rate as it enforces it: a bucket of one second's messages, refilled as time passes;
 * a message that finds it empty is answered 429 with Retry-After, as Meta and SMS gateways do.
 */
function rateLimit(perSecond: number) {
  let tokens = perSecond;
  let filledAt = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(perSecond, tokens + ((now - filledAt) / 1000) * perSecond);
    filledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** What the fakes took and refused, per channel, for a bench to read. */
export interface FakeProviderCounts {
  taken: Record<'whatsapp' | 'sms', number>;
  /** Answered 429: over the provider's rate. */
  tooMany: Record<'whatsapp' | 'sms', number>;
  /** When each channel took its first and its last message (performance.now() of the bench's process). */
  firstAt: Record<'whatsapp' | 'sms', number | null>;
  lastAt: Record<'whatsapp' | 'sms', number | null>;
  /** Numbers that got something, and messages beyond the first to the same number. */
  recipients: number;
  duplicates: number;
  /** Delivery reports the app did not take (it was stopping or starting). */
  reportsUnanswered: number;
}

export async function startFakeTextProviders(
  options: {
    /** Each provider's rate, beyond which it answers 429 (none by default). */
    messagesPerSecond?: { whatsapp: number; sms: number };
    /** Keeps only counts of what it took (a bench's tens of thousands), not every message. */
    countOnly?: boolean;
  } = {},
) {
  const accounts: Account[] = [];
  const received: ReceivedTextMessage[] = [];
  let sequence = 0;
  const allows = options.messagesPerSecond
    ? { whatsapp: rateLimit(options.messagesPerSecond.whatsapp), sms: rateLimit(options.messagesPerSecond.sms) }
    : null;
  const counts: FakeProviderCounts = {
    taken: { whatsapp: 0, sms: 0 },
    tooMany: { whatsapp: 0, sms: 0 },
    firstAt: { whatsapp: null, sms: null },
    lastAt: { whatsapp: null, sms: null },
    recipients: 0,
    duplicates: 0,
    reportsUnanswered: 0,
  };
  const seen = new Set<string>();
  /** Counts a message taken; false (and a 429 answered) when it is over the channel's rate. */
  function admit(channel: 'whatsapp' | 'sms', response: ServerResponse): boolean {
    if (allows && !allows[channel]()) {
      counts.tooMany[channel] += 1;
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ error: { message: 'Too many messages', code: 130429 } }));
      return false;
    }
    return true;
  }

  const bearer = (request: IncomingMessage) => request.headers.authorization?.replace(/^Bearer /, '');

  const ownerOf = new Map<ReceivedTextMessage, Account>();

  /** Posts a delivery report to the app, signed, and notes the app's answer on the message. */
  async function report(
    message: ReceivedTextMessage,
    delivery: { path: string; header: string; secret: string; body: object; status: string },
  ) {
    const raw = JSON.stringify(delivery.body);
    try {
      const response = await fetch(`${ownerOf.get(message)!.appUrl}${delivery.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [delivery.header]: bodySignature(delivery.secret, raw) },
        body: raw,
      });
      const reply = (await response.json().catch(() => null)) as { applied?: number } | null;
      message.reports.push({ status: delivery.status, httpStatus: response.status, applied: reply?.applied });
      if (!response.ok) counts.reportsUnanswered += 1;
    } catch {
      message.reports.push({ status: delivery.status, httpStatus: 0 });
      counts.reportsUnanswered += 1;
    }
  }

  function whatsAppStatus(message: ReceivedTextMessage, status: 'sent' | 'delivered' | 'failed') {
    const account = ownerOf.get(message)!;
    const entry = {
      id: 'fake-business-account',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            statuses: [
              {
                id: message.id,
                status,
                timestamp: String(Math.floor(Date.now() / 1000)),
                recipient_id: message.to.slice(1),
                ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
              },
            ],
          },
        },
      ],
    };
    return report(message, {
      path: '/api/webhooks/whatsapp',
      header: 'x-hub-signature-256',
      secret: account.appSecret!,
      body: { object: 'whatsapp_business_account', entry: [entry] },
      status,
    });
  }

  // Reports go at once, often before the app has recorded the answer that named the message:
  // the worst case a real provider can give, which the app must take.
  async function followWhatsApp(message: ReceivedTextMessage) {
    await whatsAppStatus(message, 'sent');
    if (WITHOUT_WHATSAPP.test(message.to)) return whatsAppStatus(message, 'failed');
    await whatsAppStatus(message, 'delivered');
    await whatsAppStatus(message, 'delivered');
  }

  async function followSms(message: ReceivedTextMessage) {
    const account = ownerOf.get(message)!;
    if (!account.smsWebhookSecret) return;
    await report(message, {
      path: '/api/webhooks/sms',
      header: 'x-signature-256',
      secret: account.smsWebhookSecret,
      body: { reports: [{ id: message.id, status: 'delivered' }] },
      status: 'delivered',
    });
  }

  function take(account: Account, message: Omit<ReceivedTextMessage, 'id' | 'reports'>, prefix: string) {
    sequence += 1;
    const saved: ReceivedTextMessage = { ...message, id: `${prefix}${sequence}`, reports: [] };
    const now = performance.now();
    counts.taken[message.channel] += 1;
    counts.firstAt[message.channel] ??= now;
    counts.lastAt[message.channel] = now;
    if (seen.has(message.to)) counts.duplicates += 1;
    else seen.add(message.to);
    counts.recipients = seen.size;
    if (!options.countOnly) received.push(saved);
    ownerOf.set(saved, account);
    return saved;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://providers');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      return answer(
        response,
        200,
        received.filter((message) => message.to === to),
      );
    }
    const body = await readBody(request);
    const whatsAppSend = /^\/whatsapp\/[0-9]+\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && whatsAppSend) {
      const account = accounts.find(
        (candidate) => candidate.whatsAppToken && candidate.whatsAppToken === bearer(request),
      );
      if (!account) return metaError(response, 401, 190, 'Invalid OAuth access token.');
      const read = readTemplate((body ?? {}) as WhatsAppTemplateRequest);
      if (typeof read === 'string') return metaError(response, 400, 100, read);
      if (!admit('whatsapp', response)) return;
      if ('missing' in read)
        return metaError(
          response,
          404,
          132001,
          '(#132001) Template name does not exist in the translation',
          read.missing,
        );
      const { to, ...template } = read;
      const message = take(
        account,
        { channel: 'whatsapp', to, text: template.parameters.join(' '), template },
        'wamid.fake',
      );
      answer(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to.slice(1), wa_id: to.slice(1) }],
        messages: [{ id: message.id }],
      });
      if (account.appSecret) void followWhatsApp(message);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/sms/send') {
      const account = accounts.find((candidate) => candidate.smsToken === bearer(request));
      if (!account) return void response.writeHead(401).end();
      if (!isSms(body)) return void response.writeHead(400).end();
      if (!admit('sms', response)) return;
      const message = take(account, { channel: 'sms', to: body.to, text: body.text, unicode: body.unicode }, 'sms-');
      answer(response, 200, { id: message.id, status: 'queued' });
      void followSms(message);
      return;
    }
    response.writeHead(404).end();
  }
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /**
     * The settings an app at appUrl sends its messages here with: SMS only, or WhatsApp first
     * with SMS behind it, and the secrets of the delivery reports sent back to it.
     */
    settingsFor(appUrl: string, options: { whatsApp: boolean }): Record<string, string> {
      const account: Account = { appUrl, smsToken: secret(), smsWebhookSecret: secret() };
      const settings: Record<string, string> = {
        SMS_GATEWAY_URL: `${url}/sms/send`,
        SMS_GATEWAY_TOKEN: account.smsToken,
        SMS_GATEWAY_WEBHOOK_SECRET: account.smsWebhookSecret!,
      };
      if (options.whatsApp) {
        account.whatsAppToken = secret();
        account.appSecret = secret();
        Object.assign(settings, {
          WHATSAPP_API_URL: `${url}/whatsapp`,
          WHATSAPP_PHONE_NUMBER_ID: String(100_000_000_000 + accounts.length),
          WHATSAPP_ACCESS_TOKEN: account.whatsAppToken,
          WHATSAPP_APP_SECRET: account.appSecret,
        });
      }
      accounts.push(account);
      return settings;
    },
    /** What they took and refused so far. */
    counts: (): FakeProviderCounts => structuredClone(counts),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Everything the providers took for a number (E.164), oldest first. */
export async function messagesTo(providersUrl: string, phoneNumber: string): Promise<ReceivedTextMessage[]> {
  return (await (
    await fetch(`${providersUrl}/messages?to=${encodeURIComponent(phoneNumber)}`)
  ).json()) as ReceivedTextMessage[];
}

/** Waits until a message to the number matches (given it and its place among them), and returns the newest. */
export async function waitForMessage(
  providersUrl: string,
  phoneNumber: string,
  matches: (message: ReceivedTextMessage, index: number) => boolean,
  what = 'message',
): Promise<ReceivedTextMessage> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await messagesTo(providersUrl, phoneNumber)).filter(matches).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${what} to ${phoneNumber} reached the providers`);
}

const codeIn = (message: ReceivedTextMessage) =>
  (message.template?.parameters[0] ?? message.text).match(/[0-9]{6}/)?.[0];

/**
 * The newest 6-digit code sent to the number by WhatsApp or SMS (or by the channel named), among
 * the messages after the first `after`.
 */
export async function waitForPhoneCode(
  providersUrl: string,
  phoneNumber: string,
  options: { channel?: 'whatsapp' | 'sms'; after?: number } = {},
): Promise<string> {
  const message = await waitForMessage(
    providersUrl,
    phoneNumber,
    (candidate, index) =>
      index >= (options.after ?? 0) &&
      (!options.channel || candidate.channel === options.channel) &&
      !!codeIn(candidate),
    'code',
  );
  return codeIn(message)!;
}

/**
 * A provider's webhook call as the app receives it (light-my-request options): the JSON body
 * signed with `secret` the way that provider signs (WhatsApp: X-Hub-Signature-256, SMS: X-Signature-256).
 */
export function signedWebhook(channel: 'whatsapp' | 'sms', payload: object | string, secret: string) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const header = channel === 'whatsapp' ? 'x-hub-signature-256' : 'x-signature-256';
  return {
    method: 'POST' as const,
    url: `/api/webhooks/${channel}`,
    payload: body,
    headers: { 'content-type': 'application/json', [header]: bodySignature(secret, body) },
  };
}
