import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isPlanId } from '@shared/billing/plans';

/** More processes than this on one machine is a typo, not a plan. */
export const MAX_WEB_CONCURRENCY = 64;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'expected comma-separated e-mail addresses' })));

/** proxy-addr's names for private ranges, which Fastify's trustProxy also accepts. */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For). Off unless configured: a
 * header anyone can send must not choose the IP that the per-IP limits count.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['false', 'off', 'no', 'none'].includes(lower)) return false;
    if (['true', 'on', 'yes', 'all'].includes(lower)) {
      context.addIssue({
        code: 'custom',
        message:
          'true would believe X-Forwarded-For from any client; give the number of proxies in front of the app (for example 1) or their addresses',
      });
      return z.NEVER;
    }
    if (/^[0-9]+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
      context.addIssue({ code: 'custom', message: 'expected a hop count from 1 to 10, or off' });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'expected off, a hop count such as 1, or comma-separated proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  // Production unless said otherwise: `npm run dev` sets development (pretty, multi-line logs).
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'expected development, production or test' })
    .default('production'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// address')
    .optional(),
  /** A streaming replica of DATABASE_URL for the read-only pages (decision 049). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// address')
    .optional(),
  DATA_DIR: z.string().min(1, 'expected a folder path').default('./data'),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole port number')
    .min(0, 'expected a port from 0 to 65535')
    .max(65535, 'expected a port from 0 to 65535')
    .default(3000),
  /** Defaults to loopback (127.0.0.1) in development or while PUBLIC_URL is this machine, else every interface. */
  HOST: z.string().min(1, 'expected an interface address such as 127.0.0.1 or 0.0.0.0').optional(),
  PUBLIC_URL: z.url({ error: 'expected an absolute address such as https://chaska.pk' }).optional(),
  ADMIN_EMAILS: emailList.default([]),
  DEMO_MODE: booleanFlag.optional(),
  SESSION_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected a pino log level' })
    .default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// address')
    .optional(),
  EMAIL_FROM: z.string().default('Chaska <no-reply@chaska.pk>'),
  // Phone codes by WhatsApp (Business Cloud API), else by an SMS gateway over HTTP (README, settings).
  WHATSAPP_API_URL: z.url({ error: 'expected an absolute address' }).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]+$/, 'expected the numeric phone number id')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_CODE_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_code'),
  WHATSAPP_RECEIPT_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_stamp_receipt'),
  WHATSAPP_POINTS_RECEIPT_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_points_receipt'),
  WHATSAPP_STOP_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_stop_confirmation'),
  WHATSAPP_STAMP_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_stamp_notice'),
  WHATSAPP_POINTS_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_points_notice'),
  WHATSAPP_TIER_DOWNGRADE_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_tier_downgrade_notice'),
  WHATSAPP_REWARD_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_reward_notice'),
  WHATSAPP_REWARD_EXPIRY_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_reward_expiry_notice'),
  WHATSAPP_VENDOR_MESSAGE_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_vendor_message'),
  WHATSAPP_DAILY_CHASKA_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_daily_deal'),
  WHATSAPP_HOURLY_CHASKA_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_hourly_deal'),
  // The owner's monthly report by WhatsApp (decision 090): business, month, customers, visits,
  // customers who came back, rewards' cost, the PDF's address.
  WHATSAPP_MONTHLY_REPORT_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected a template name of lower-case letters, digits and _')
    .default('chaska_monthly_report'),
  // Meta has no code for Roman Urdu (decision 082): its templates are approved under their English
  // name with this ending added, in the language of this Meta code.
  WHATSAPP_ROMAN_URDU_SUFFIX: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'expected an ending of lower-case letters, digits and _')
    .default('_roman_urdu'),
  WHATSAPP_ROMAN_URDU_CODE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "expected one of Meta's template language codes, like en or en_US")
    .default('en'),
  SMS_GATEWAY_URL: z.url({ error: 'expected an absolute address' }).optional(),
  // The Social Media Agent: the platform's Facebook Page and its Instagram account (Graph API).
  SOCIAL_GRAPH_API_URL: z.url({ error: 'expected an absolute address' }).default('https://graph.facebook.com/v21.0'),
  FACEBOOK_PAGE_ID: z
    .string()
    .regex(/^[0-9]+$/, 'expected the numeric Facebook Page id')
    .optional(),
  FACEBOOK_PAGE_ACCESS_TOKEN: z.string().min(20, 'expected a Page access token').optional(),
  INSTAGRAM_ACCOUNT_ID: z
    .string()
    .regex(/^[0-9]+$/, 'expected the numeric Instagram business account id')
    .optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SENDER_ID: z.string().max(11, 'expected at most 11 characters').default('Chaska'),
  // What each message costs, in paisa (decision 081): Meta's price per conversation category in
  // Pakistan, the gateway's per SMS part. Recorded on every message sent.
  WHATSAPP_UTILITY_PRICE_PAISA: z.coerce.number({ error: 'expected paisa' }).int().min(0).default(150),
  WHATSAPP_MARKETING_PRICE_PAISA: z.coerce.number({ error: 'expected paisa' }).int().min(0).default(1300),
  SMS_PART_PRICE_PAISA: z.coerce.number({ error: 'expected paisa' }).int().min(0).default(75),
  // The most messages a second each provider takes before it answers 429: the sender keeps under
  // them (decision 081). 80 is the Cloud API's default throughput per business number; an SMS
  // gateway's rate is in its contract.
  WHATSAPP_MESSAGES_PER_SECOND: z.coerce
    .number({ error: 'expected messages a second' })
    .positive('expected messages a second')
    .max(10_000, 'expected at most 10000 messages a second')
    .default(80),
  SMS_MESSAGES_PER_SECOND: z.coerce
    .number({ error: 'expected messages a second' })
    .positive('expected messages a second')
    .max(10_000, 'expected at most 10000 messages a second')
    .default(30),
  // Delivery reports: each webhook is on only with its secret (README, settings).
  WHATSAPP_APP_SECRET: z.string().min(16, 'expected the app secret (at least 16 characters)').optional(),
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  SMS_GATEWAY_WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The OpenID Connect issuer used for Google sign-in; tests point it at a local server. */
  GOOGLE_ISSUER: z.url({ error: 'expected an absolute address' }).default('https://accounts.google.com'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'safepay'], { error: 'expected sandbox or safepay' }).default('sandbox'),
  /** The sandbox grants any plan for free: in production, reachable by others, it needs this explicit yes. */
  ALLOW_SANDBOX_PAYMENTS: booleanFlag.default(false),
  /**
   * Lets webhooks and push endpoints go to this machine's loopback addresses, for the end-to-end
   * tests' local receivers; only on a server nobody else reaches (HOST and PUBLIC_URL loopback).
   */
  ALLOW_LOOPBACK_TARGETS_FOR_TESTS: booleanFlag.default(false),
  PAYMENT_API_BASE: z.url({ error: 'expected an absolute address' }).optional(),
  PAYMENT_ACCOUNT_ID: z.string().default('acct_chaska_sandbox'),
  PAYMENT_CONNECTED_ACCOUNT: z.string().default('chaska'),
  PAYMENT_WEBHOOK_SECRET: z.string().optional(),
  SAFEPAY_API_KEY: z.string().optional(),
  SAFEPAY_SECRET_KEY: z.string().optional(),
  SAFEPAY_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { error: 'expected sandbox or production' })
    .default('sandbox'),
  /** Safepay plan ids per Chaska plan, `starter=plan_…,standard=plan_…`; a plan left out uses its priceId. */
  SAFEPAY_PLAN_IDS: z
    .string()
    .regex(
      /^\s*[a-z]+\s*=\s*[^,=\s]+\s*(,\s*[a-z]+\s*=\s*[^,=\s]+\s*)*$/,
      'expected plan=safepay_plan_id pairs separated by commas',
    )
    .transform((value) =>
      Object.fromEntries(
        value.split(',').map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
      ),
    )
    .refine((map) => Object.keys(map).every(isPlanId), 'expected plan names starter, standard, premium or enterprise')
    .default({}),
  TRUST_PROXY: trustProxySetting.default(false),
  RATE_LIMIT_MAX: z.coerce.number({ error: 'expected a number' }).int().positive().default(10),
  DIGEST_HOUR: z.coerce.number({ error: 'expected an hour from 0 to 23' }).int().min(0).max(23).default(9),
  CAMPAIGN_BATCH_SIZE: z.coerce
    .number({ error: 'expected a number from 1 to 5000' })
    .int({ error: 'expected a whole number from 1 to 5000' })
    .min(1, 'expected a number from 1 to 5000')
    .max(5000, 'expected a number from 1 to 5000')
    .default(500),
  PUBLIC_LISTING_CACHE_SECONDS: z.coerce
    .number({ error: 'expected a number of seconds from 0 to 300' })
    .int({ error: 'expected a whole number of seconds from 0 to 300' })
    .min(0, 'expected a number of seconds from 0 to 300')
    .max(300, 'expected a number of seconds from 0 to 300')
    .default(5),
  /** Server renderings of public pages one address may cause per minute; past it, the browser renders (decision 058). */
  PAGE_RENDERS_PER_MINUTE: z.coerce
    .number({ error: 'expected a number of renderings from 1 to 100000' })
    .int({ error: 'expected a whole number of renderings from 1 to 100000' })
    .min(1, 'expected a number of renderings from 1 to 100000')
    .max(100_000, 'expected a number of renderings from 1 to 100000')
    .default(120),
  /** App processes sharing the port (node:cluster); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: `expected a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}` })
    .int({ error: `expected a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}` })
    .min(1, `expected a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}`)
    .max(MAX_WEB_CONCURRENCY, `expected a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}`)
    .default(1),
  /** How long a stop (SIGTERM, SIGINT) may take before the process gives up and exits with 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds from 100 to 600000' })
    .int({ error: 'expected whole milliseconds from 100 to 600000' })
    .min(100, 'expected milliseconds from 100 to 600000')
    .max(600_000, 'expected milliseconds from 100 to 600000')
    .default(10_000),
  // Apple Wallet (decision 041): PEM text, or the path of a PEM file.
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'expected a pass type identifier such as pass.pk.chaska.loyalty')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'expected the 10-character Apple team identifier')
    .optional(),
  APPLE_PASS_CERT: z.string().optional(),
  APPLE_PASS_KEY: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().optional(),
  /** APNs; tests point it at a local HTTP/2 server. */
  APNS_URL: z.url({ error: 'expected an absolute address' }).default('https://api.push.apple.com'),
  // Google Wallet: the issuer id and a service account's JSON key (the text, or the path of the file).
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^[0-9]+$/, 'expected the numeric Google Wallet issuer id')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().optional(),
  /** The Google Wallet REST API; tests point it at a local server. */
  GOOGLE_WALLET_API_URL: z
    .url({ error: 'expected an absolute address' })
    .default('https://walletobjects.googleapis.com'),
  /**
   * The map tiles of the branch maps (decision 084): an XYZ address with {z}, {x} and {y}, and the
   * attribution its licence asks for. OpenStreetMap's by default; tests serve their own.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'expected an http(s) address with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default('© OpenStreetMap contributors'),
  /**
   * Address search for placing a branch's pin: a Nominatim-compatible search API (`GET
   * {url}/search?q=…&format=json`), asked by the server only. Unset: the pin alone.
   */
  GEOCODER_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) address' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  // Web Push (decision 042): the VAPID key pair, base64url as `web-push generate-vapid-keys` prints it.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'expected the 65-byte public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'expected the 32-byte private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'expected a mailto: or https:// contact address')
    .optional(),
});

export interface Config {
  /** NODE_ENV, the one setting that decides development rules (developmentRules below). */
  env: 'development' | 'production' | 'test';
  /** readUrl: a streaming replica that serves the read-only pages (decision 049). */
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; readUrl?: string };
  dataDir: string;
  port: number;
  host: string;
  publicUrl: string;
  /** Where the branch maps' tiles come from, and the credit shown on every map (decision 084). */
  mapTiles: { url: string; attribution: string };
  /** The geocoder the branch form's address search asks through the server; null: no search. */
  geocoderUrl: string | null;
  adminEmails: string[];
  demoMode: boolean;
  sessionSecret: string;
  logLevel: string;
  email: { smtpUrl?: string; from: string };
  textMessages: TextMessagesConfig;
  google?: { clientId: string; clientSecret: string; issuer: string };
  payments: {
    provider: 'sandbox' | 'safepay';
    apiBase: string;
    accountId: string;
    connectedAccount: string;
    webhookSecret: string;
    safepay?: {
      apiKey: string;
      secretKey: string;
      environment: 'sandbox' | 'production';
      planIds: Record<string, string>;
    };
  };
  /**
   * ALLOW_LOOPBACK_TARGETS_FOR_TESTS: webhooks and push endpoints may be on this machine's loopback
   * addresses (never a private or link-local network); only on a server nobody else reaches.
   */
  allowLoopbackTargetsForTests: boolean;
  /** Fastify's trustProxy: false, the number of proxy hops to trust, or the proxies' addresses. */
  trustProxy: false | number | string[];
  rateLimitMax: number;
  digestHour: number;
  /** Recipients per job of a campaign's sending (decision 045). */
  campaignBatchSize: number;
  /** How long anonymous visitors' marketplace pages are served from memory; 0 turns it off. */
  publicListingCacheSeconds: number;
  /** Server renderings of public pages per address and minute before the browser renders them instead. */
  pageRendersPerMinute: number;
  /** How many app processes share the port; 1 runs the server in this process. */
  webConcurrency: number;
  /** The bound of a graceful stop, after which the process exits with 1. */
  shutdownTimeoutMs: number;
  wallet: WalletConfig;
  push: PushConfig;
  social: SocialConfig;
}

/**
 * The Social Media Agent's networks through Meta's Graph API: the Facebook Page with its Page
 * access token, and the Instagram business account linked to that Page (published with the same
 * token). Each network is on only with all of its settings; `missing` names the variables still unset.
 */
export interface SocialConfig {
  apiUrl: string;
  facebook?: { pageId: string; accessToken: string };
  instagram?: { accountId: string; accessToken: string };
  missing: { facebook: string[]; instagram: string[] };
}

function socialConfig(env: z.infer<typeof envSchema>): SocialConfig {
  const unset = (settings: Record<string, string | undefined>) =>
    Object.entries(settings)
      .filter(([, value]) => !value)
      .map(([name]) => name);
  const token = env.FACEBOOK_PAGE_ACCESS_TOKEN;
  const missing = {
    facebook: unset({ FACEBOOK_PAGE_ID: env.FACEBOOK_PAGE_ID, FACEBOOK_PAGE_ACCESS_TOKEN: token }),
    instagram: unset({ INSTAGRAM_ACCOUNT_ID: env.INSTAGRAM_ACCOUNT_ID, FACEBOOK_PAGE_ACCESS_TOKEN: token }),
  };
  return {
    apiUrl: env.SOCIAL_GRAPH_API_URL.replace(/\/$/, ''),
    ...(env.FACEBOOK_PAGE_ID && token ? { facebook: { pageId: env.FACEBOOK_PAGE_ID, accessToken: token } } : {}),
    ...(env.INSTAGRAM_ACCOUNT_ID && token
      ? { instagram: { accountId: env.INSTAGRAM_ACCOUNT_ID, accessToken: token } }
      : {}),
    missing,
  };
}

/** WhatsApp Business Cloud API: an approved authentication template, the code as its variable. */
export interface WhatsAppConfig {
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  codeTemplate: string;
  /** The utility template of a stamp's receipt: vendor, stamps collected, stamps required. */
  receiptTemplate: string;
  /** The receipt of a points card's award (decision 085): vendor, points. */
  pointsReceiptTemplate: string;
  /** The utility template that confirms a customer's STOP (no variables). */
  stopTemplate: string;
  /** The utility templates of the notices a customer chose to get by WhatsApp (decision 081). */
  /** The approved WhatsApp template of each notice a customer may choose by phone. */
  noticeTemplates: {
    stamp: string;
    /** A points card's award (decision 085): shop, card, points, reward, its price in points. */
    points: string;
    /** A level that falls in a week (decision 087): shop, level, and the line the push shows. */
    tier_downgrade: string;
    reward: string;
    reward_expiry: string;
    vendor_message: string;
    daily_chaska: string;
    hourly_chaska: string;
  };
  /** The utility template of the owner's monthly report (decision 090). */
  reportTemplate: string;
  /** Where Roman Urdu's templates are (decision 082): the English name with this ending, under this Meta code. */
  romanUrdu: { suffix: string; code: string };
  /** Signs Meta's delivery webhooks (X-Hub-Signature-256); without it they are refused. */
  appSecret?: string;
  /** Meta's subscription check of the webhook's address echoes its challenge only with this token. */
  webhookVerifyToken?: string;
}

/** An SMS gateway over HTTP: JSON with the number, the sender name and the text. */
export interface SmsGatewayConfig {
  url: string;
  token: string;
  senderId: string;
  /** Signs the gateway's delivery webhooks (X-Signature-256); without it they are refused. */
  webhookSecret?: string;
}

export interface TextMessagesConfig {
  whatsapp?: WhatsAppConfig;
  sms?: SmsGatewayConfig;
  /** Paisa per message sent: WhatsApp by category (a vendor's message is marketing), SMS per part. */
  prices: TextPrices;
  /** The most messages a second each provider takes; the sender paces itself under them. */
  messagesPerSecond: { whatsapp: number; sms: number };
}

export interface TextPrices {
  whatsappUtility: number;
  whatsappMarketing: number;
  smsPart: number;
}

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM: the Pass Type ID certificate, its private key, and Apple's WWDR intermediate. */
  certificate: string;
  key: string;
  keyPassphrase?: string;
  wwdr: string;
  apnsUrl: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccount: { clientEmail: string; privateKey: string; tokenUri: string };
  apiUrl: string;
}

/** Web Push is on only with the whole VAPID identity; `missing` names the variables still unset. */
export interface PushConfig {
  vapid?: { publicKey: string; privateKey: string; subject: string };
  missing: string[];
}

function pushConfig(env: z.infer<typeof envSchema>): PushConfig {
  const settings = {
    VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: env.VAPID_SUBJECT,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) return { missing };
  return {
    vapid: { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! },
    missing,
  };
}

/** Each wallet is on only with all of its settings; `missing` names the variables still unset. */
export interface WalletConfig {
  apple?: AppleWalletConfig;
  google?: GoogleWalletConfig;
  missing: { apple: string[]; google: string[] };
}

export class ConfigError extends Error {}

/**
 * Addresses only this machine reaches: localhost, *.localhost, 127.0.0.0/8 and ::1. A sandbox
 * payment provider (any plan for free) is safe there and nowhere else by default.
 */
export function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether an interface to listen on is this machine's loopback only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * Where the server listens unless HOST says: on this machine only in development or while PUBLIC_URL
 * is this machine (the loopback address PUBLIC_URL names, 127.0.0.1 for a name), so the README's
 * first command on a reachable server serves nobody else; on every interface otherwise.
 */
function defaultHost(nodeEnv: string, publicUrl: string): string {
  if (isLocalAddress(publicUrl)) {
    const named = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
    return isIP(named) !== 0 ? named : '127.0.0.1';
  }
  return nodeEnv === 'development' ? '127.0.0.1' : '0.0.0.0';
}

/**
 * Development rules (webhooks to http and private networks, the sandbox payments without a
 * second yes) follow one explicit setting, NODE_ENV (development, as `npm run dev` sets, or test),
 * never the address a server believes it has: a production server on a local PUBLIC_URL may still
 * be reachable by everyone.
 */
export function developmentRules(config: Pick<Config, 'env'>): boolean {
  return config.env !== 'production';
}

/** Safepay's API hosts (its SDKs use the same); PAYMENT_API_BASE overrides them. */
export const SAFEPAY_API_HOSTS = {
  sandbox: 'https://sandbox.api.getsafepay.com',
  production: 'https://api.getsafepay.com',
} as const;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`).join('\n');
}

/** Kept in the data folder so an embedded install signs sessions with the same key after a restart. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A PEM setting: the text itself, or the path of a file holding it. */
function readPem(name: string, value: string): string {
  const text = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readSettingFile(name, value);
  if (!text.includes('-----BEGIN'))
    throw new ConfigError(`Invalid configuration:\n  ${name}: expected PEM text or the path of a PEM file`);
  return text;
}

function readSettingFile(name: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: cannot read the file ${file}`);
  }
}

const serviceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().includes('-----BEGIN'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});

function walletConfig(env: z.infer<typeof envSchema>): WalletConfig {
  const appleSettings = {
    APPLE_PASS_TYPE_ID: env.APPLE_PASS_TYPE_ID,
    APPLE_TEAM_ID: env.APPLE_TEAM_ID,
    APPLE_PASS_CERT: env.APPLE_PASS_CERT,
    APPLE_PASS_KEY: env.APPLE_PASS_KEY,
    APPLE_WWDR_CERT: env.APPLE_WWDR_CERT,
  };
  const googleSettings = {
    GOOGLE_WALLET_ISSUER_ID: env.GOOGLE_WALLET_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: env.GOOGLE_WALLET_SERVICE_ACCOUNT,
  };
  const missing = {
    apple: Object.entries(appleSettings)
      .filter(([, value]) => !value)
      .map(([name]) => name),
    google: Object.entries(googleSettings)
      .filter(([, value]) => !value)
      .map(([name]) => name),
  };
  const apple =
    missing.apple.length === 0
      ? {
          passTypeId: env.APPLE_PASS_TYPE_ID!,
          teamId: env.APPLE_TEAM_ID!,
          certificate: readPem('APPLE_PASS_CERT', env.APPLE_PASS_CERT!),
          key: readPem('APPLE_PASS_KEY', env.APPLE_PASS_KEY!),
          keyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE,
          wwdr: readPem('APPLE_WWDR_CERT', env.APPLE_WWDR_CERT!),
          apnsUrl: env.APNS_URL.replace(/\/$/, ''),
        }
      : undefined;
  let google: GoogleWalletConfig | undefined;
  if (missing.google.length === 0) {
    const raw = env.GOOGLE_WALLET_SERVICE_ACCOUNT!.trim();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.startsWith('{') ? raw : readSettingFile('GOOGLE_WALLET_SERVICE_ACCOUNT', raw));
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      parsed = undefined;
    }
    const account = serviceAccountSchema.safeParse(parsed);
    if (!account.success) {
      throw new ConfigError(
        'Invalid configuration:\n  GOOGLE_WALLET_SERVICE_ACCOUNT: expected a service account JSON key (client_email, private_key), or the path of its file',
      );
    }
    google = {
      issuerId: env.GOOGLE_WALLET_ISSUER_ID!,
      serviceAccount: {
        clientEmail: account.data.client_email,
        privateKey: account.data.private_key,
        tokenUri: account.data.token_uri,
      },
      apiUrl: env.GOOGLE_WALLET_API_URL.replace(/\/$/, ''),
    };
  }
  return { apple, google, missing };
}

/** WhatsApp and the SMS gateway are each on only with all of their settings. */
function textMessagesConfig(env: z.infer<typeof envSchema>): TextMessagesConfig {
  const whatsapp =
    env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN
      ? {
          apiUrl: env.WHATSAPP_API_URL.replace(/\/$/, ''),
          phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: env.WHATSAPP_ACCESS_TOKEN,
          codeTemplate: env.WHATSAPP_CODE_TEMPLATE,
          receiptTemplate: env.WHATSAPP_RECEIPT_TEMPLATE,
          pointsReceiptTemplate: env.WHATSAPP_POINTS_RECEIPT_TEMPLATE,
          stopTemplate: env.WHATSAPP_STOP_TEMPLATE,
          noticeTemplates: {
            stamp: env.WHATSAPP_STAMP_TEMPLATE,
            points: env.WHATSAPP_POINTS_TEMPLATE,
            tier_downgrade: env.WHATSAPP_TIER_DOWNGRADE_TEMPLATE,
            reward: env.WHATSAPP_REWARD_TEMPLATE,
            reward_expiry: env.WHATSAPP_REWARD_EXPIRY_TEMPLATE,
            vendor_message: env.WHATSAPP_VENDOR_MESSAGE_TEMPLATE,
            daily_chaska: env.WHATSAPP_DAILY_CHASKA_TEMPLATE,
            hourly_chaska: env.WHATSAPP_HOURLY_CHASKA_TEMPLATE,
          },
          reportTemplate: env.WHATSAPP_MONTHLY_REPORT_TEMPLATE,
          romanUrdu: { suffix: env.WHATSAPP_ROMAN_URDU_SUFFIX, code: env.WHATSAPP_ROMAN_URDU_CODE },
          appSecret: env.WHATSAPP_APP_SECRET,
          webhookVerifyToken: env.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
        }
      : undefined;
  const sms =
    env.SMS_GATEWAY_URL && env.SMS_GATEWAY_TOKEN
      ? {
          url: env.SMS_GATEWAY_URL,
          token: env.SMS_GATEWAY_TOKEN,
          senderId: env.SMS_SENDER_ID,
          webhookSecret: env.SMS_GATEWAY_WEBHOOK_SECRET,
        }
      : undefined;
  const prices = {
    whatsappUtility: env.WHATSAPP_UTILITY_PRICE_PAISA,
    whatsappMarketing: env.WHATSAPP_MARKETING_PRICE_PAISA,
    smsPart: env.SMS_PART_PRICE_PAISA,
  };
  const messagesPerSecond = { whatsapp: env.WHATSAPP_MESSAGES_PER_SECOND, sms: env.SMS_MESSAGES_PER_SECOND };
  return { whatsapp, sms, prices, messagesPerSecond };
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const embedded = !env.DATABASE_URL;

  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret) {
    if (!embedded) {
      throw new ConfigError(
        'Invalid configuration:\n  SESSION_SECRET: required with DATABASE_URL (at least 32 random characters)',
      );
    }
    sessionSecret = loadOrCreateSecret(dataDir);
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          issuer: env.GOOGLE_ISSUER.replace(/\/$/, ''),
        }
      : undefined;
  if (embedded && env.WEB_CONCURRENCY > 1) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} processes need a shared PostgreSQL server (DATABASE_URL); the embedded database (PGlite) belongs to one process. Set DATABASE_URL, or WEB_CONCURRENCY=1.`,
    );
  }
  if (embedded && env.DATABASE_READ_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: a read replica needs its primary PostgreSQL server (DATABASE_URL); the embedded database (PGlite) has no replicas. Set DATABASE_URL too, or leave DATABASE_READ_URL unset.',
    );
  }
  // A server whose address is this machine, or a development server, listens on this machine only.
  const host = env.HOST ?? defaultHost(env.NODE_ENV, publicUrl);
  // Nobody else reaches it: its address is this machine and it listens on loopback only.
  const reachableByThisMachineOnly = isLocalAddress(publicUrl) && isLoopbackHost(host);
  if (
    env.PAYMENT_PROVIDER === 'sandbox' &&
    env.NODE_ENV === 'production' &&
    !reachableByThisMachineOnly &&
    !env.ALLOW_SANDBOX_PAYMENTS
  ) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_PROVIDER: sandbox (the default) grants any plan for free, so in production it runs only on a server nobody else reaches (PUBLIC_URL a local address such as localhost, 127.0.0.1, ::1, *.localhost, and HOST a loopback address), not ${publicUrl} on ${host}. Set PAYMENT_PROVIDER=safepay with its keys, or ALLOW_SANDBOX_PAYMENTS=true for a test server nobody pays on.`,
    );
  }
  if (env.ALLOW_LOOPBACK_TARGETS_FOR_TESTS && !reachableByThisMachineOnly) {
    throw new ConfigError(
      `Invalid configuration:\n  ALLOW_LOOPBACK_TARGETS_FOR_TESTS: lets customers and vendors make the server call ports of this machine, so it runs only on a server nobody else reaches (PUBLIC_URL a local address and HOST a loopback address), not ${publicUrl} on ${host}. Leave it unset outside the end-to-end tests.`,
    );
  }
  if (
    env.PAYMENT_PROVIDER === 'safepay' &&
    !(env.SAFEPAY_API_KEY && env.SAFEPAY_SECRET_KEY && env.PAYMENT_WEBHOOK_SECRET)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  SAFEPAY_API_KEY, SAFEPAY_SECRET_KEY and PAYMENT_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is safepay',
    );
  }

  return {
    env: env.NODE_ENV,
    database: embedded
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'db') }
      : {
          kind: 'postgres',
          url: env.DATABASE_URL!,
          ...(env.DATABASE_READ_URL ? { readUrl: env.DATABASE_READ_URL } : {}),
        },
    dataDir,
    port: env.PORT,
    host,
    publicUrl,
    adminEmails: env.ADMIN_EMAILS,
    demoMode: env.DEMO_MODE ?? embedded,
    sessionSecret,
    logLevel: env.LOG_LEVEL,
    email: { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM },
    textMessages: textMessagesConfig(env),
    mapTiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    geocoderUrl: env.GEOCODER_URL ?? null,
    google,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      apiBase: (
        env.PAYMENT_API_BASE ??
        (env.PAYMENT_PROVIDER === 'safepay'
          ? SAFEPAY_API_HOSTS[env.SAFEPAY_ENVIRONMENT]
          : `${publicUrl}/sandbox-pay/api`)
      ).replace(/\/$/, ''),
      accountId: env.PAYMENT_ACCOUNT_ID,
      connectedAccount: env.PAYMENT_CONNECTED_ACCOUNT,
      webhookSecret: env.PAYMENT_WEBHOOK_SECRET ?? `${sessionSecret}:sandbox-webhooks`,
      safepay:
        env.SAFEPAY_API_KEY && env.SAFEPAY_SECRET_KEY
          ? {
              apiKey: env.SAFEPAY_API_KEY,
              secretKey: env.SAFEPAY_SECRET_KEY,
              environment: env.SAFEPAY_ENVIRONMENT,
              planIds: env.SAFEPAY_PLAN_IDS,
            }
          : undefined,
    },
    allowLoopbackTargetsForTests: env.ALLOW_LOOPBACK_TARGETS_FOR_TESTS,
    trustProxy: env.TRUST_PROXY,
    rateLimitMax: env.RATE_LIMIT_MAX,
    digestHour: env.DIGEST_HOUR,
    campaignBatchSize: env.CAMPAIGN_BATCH_SIZE,
    publicListingCacheSeconds: env.PUBLIC_LISTING_CACHE_SECONDS,
    pageRendersPerMinute: env.PAGE_RENDERS_PER_MINUTE,
    webConcurrency: env.WEB_CONCURRENCY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    wallet: walletConfig(env),
    push: pushConfig(env),
    social: socialConfig(env),
  };
}
