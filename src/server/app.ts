import helmet from 'helmet';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { installDomainEffects } from './after-change-effects';
import { createReadDatabase } from './db/read-database';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { errorsPlugin, jsonNotFoundPlugin } from './plugins/errors';
import { requestLanguagePlugin } from './plugins/request-language';
import { trackRequestsInFlight } from './plugins/requests-in-flight';
import { spaPlugin } from './plugins/spa';
import { CODE_LOADER_SCRIPT_SOURCE } from './plugins/code-after-paint';
import { createPageRenderGuard } from './plugins/page-render-guard';
import { adminOnly, authenticationPlugin } from './plugins/authentication';
import { sameOriginWritesPlugin } from './plugins/same-origin-writes';
import { sessionResponsesNoStorePlugin } from './plugins/session-responses-no-store';
import { inputGuardPlugin } from './plugins/input-guard';
import { writeBudgetsPlugin } from './plugins/write-budgets';
import { openApiPlugin } from './plugins/openapi';
import { createAccountMailer } from './modules/accounts/account-mailer';
import { createAuth, type Auth } from './modules/accounts/auth';
import { adminUserRoutes } from './modules/accounts/admin-routes';
import { authHandlerRoutes } from './modules/accounts/auth-handler-routes';
import { accountRoutes } from './modules/accounts/routes';
import { popupOpenerPolicy } from './modules/accounts/popup-opener-policy';
import { adminAnalyticsRoutes } from './modules/analytics/admin-routes';
import { vendorAnalyticsRoutes } from './modules/analytics/routes';
import { adminIntegrationRoutes } from './modules/api/admin-routes';
import { vendorApiReferenceRoutes } from './modules/api/reference-routes';
import { vendorApiRoutes } from './modules/api/routes';
import { vendorApiV1Routes } from './modules/api/v1-routes';
import { billingRoutes } from './modules/billing/routes';
import { sandboxPayRoutes } from './modules/billing/sandbox-pay/routes';
import { automationRoutes } from './modules/campaigns/automation-routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { adminCardRoutes } from './modules/cards/admin-routes';
import { partnerCardRoutes } from './modules/cards/partner-card-routes';
import { vendorCardRoutes } from './modules/cards/routes';
import { customerRoutes } from './modules/customers/customer-routes';
import { adminFeedbackRoutes, feedbackRoutes } from './modules/vendors/feedback-routes';
import { vendorCustomerRoutes } from './modules/customers/vendor-customer-routes';
import { adminMarketplaceRoutes } from './modules/marketplace/admin-routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { shareRoutes } from './modules/marketplace/share-routes';
import { adminEmailRoutes } from './modules/notifications/admin-routes';
import { createEmailService } from './modules/notifications/email-service';
import type { EmailTransport } from './modules/notifications/email-transport';
import { textProvidersFor, type TextProviders } from './modules/notifications/text-messages';
import { createTextMessages } from './modules/notifications/text-outbox';
import { pacedProviders } from './modules/notifications/provider-pace';
import { liveRoutes } from './modules/notifications/live-routes';
import { oneClickUnsubscribeRoutes } from './modules/notifications/one-click-unsubscribe-routes';
import { pushRoutes } from './modules/notifications/push-routes';
import { textWebhookRoutes } from './modules/notifications/text-webhook-routes';
import { emailPreferenceRoutes } from './modules/notifications/routes';
import { adminDashboardRoutes, adminSupportRoutes } from './modules/platform/admin-routes';
import { healthRoutes } from './modules/platform/health-routes';
import { supportRoutes } from './modules/platform/routes';
import { adminTextRoutes, textRoutes } from './modules/platform/text-routes';
import { rewardRoutes } from './modules/rewards/routes';
import { adminSeoRoutes } from './modules/seo/admin-routes';
import { resolvePageHead } from './modules/seo/page-head';
import { publicSiteRoutes } from './modules/seo/routes';
import { counterQrRoutes } from './modules/stamps/counter-qr-routes';
import { deviceRoutes } from './modules/stamps/device-routes';
import { referralRoutes } from './modules/stamps/referral-routes';
import { stampRoutes } from './modules/stamps/routes';
import { fraudRoutes } from './modules/stamps/fraud-routes';
import { adminVendorReviewRoutes } from './modules/vendors/admin-review-routes';
import { adminVendorManagementRoutes } from './modules/vendors/admin-routes';
import { vendorApplicationRoutes } from './modules/vendors/application-routes';
import { vendorRoutes } from './modules/vendors/routes';
import { branchRoutes } from './modules/vendors/branch-routes';
import { walletRoutes } from './modules/wallet/routes';

export type App = FastifyInstance;

/**
 * Every domain's routes, domain by domain. A domain's admin screen is one of its audiences,
 * registered behind the one admin guard (adminOnly).
 */
async function registerDomainRoutes(app: FastifyInstance): Promise<void> {
  const api = { prefix: '/api' };
  // platform: health, UI texts and the Global Text Editor, the admin dashboard, the support inbox
  await app.register(healthRoutes, api);
  await app.register(textRoutes, api);
  await app.register(adminOnly(adminTextRoutes), api);
  await app.register(adminOnly(adminDashboardRoutes), api);
  // platform: the support inbox, /support's and the Chat Assistant's
  await app.register(supportRoutes, api);
  await app.register(adminOnly(adminSupportRoutes), api);
  // accounts (a hook reaches only plugins registered after it: the popup policy first)
  await app.register(popupOpenerPolicy);
  await app.register(authHandlerRoutes, api);
  await app.register(accountRoutes, api);
  await app.register(adminOnly(adminUserRoutes), api);
  // marketplace, with its share previews at the site root, and the admin's Social Media Agent
  await app.register(marketplaceRoutes, api);
  await app.register(shareRoutes);
  await app.register(adminOnly(adminMarketplaceRoutes), api);
  // vendors: applications, the vendor's own record, staff, and the admin's vendor management
  await app.register(vendorApplicationRoutes, api);
  await app.register(vendorRoutes, api);
  await app.register(branchRoutes, api);
  await app.register(adminOnly(adminVendorReviewRoutes), api);
  await app.register(adminOnly(adminVendorManagementRoutes), api);
  // cards, partner cards and the admin's moderation
  await app.register(vendorCardRoutes, api);
  await app.register(partnerCardRoutes, api);
  await app.register(adminOnly(adminCardRoutes), api);
  // stamps: codes, counter posters, devices' offline codes, referrals
  await app.register(stampRoutes, api);
  await app.register(counterQrRoutes, api);
  await app.register(deviceRoutes, api);
  await app.register(referralRoutes, api);
  await app.register(fraudRoutes, api);
  await app.register(rewardRoutes, api);
  // customers: the customer's dashboard, the vendor's customer list, ratings
  await app.register(customerRoutes, api);
  await app.register(vendorCustomerRoutes, api);
  await app.register(feedbackRoutes, api);
  await app.register(adminOnly(adminFeedbackRoutes), api);
  await app.register(campaignRoutes, api);
  await app.register(automationRoutes, api);
  await app.register(vendorAnalyticsRoutes, api);
  await app.register(adminOnly(adminAnalyticsRoutes), api);
  await app.register(billingRoutes, api);
  // The built-in sandbox payment provider, only when it is the configured one.
  if (app.deps.config.payments.provider === 'sandbox') await app.register(sandboxPayRoutes, { prefix: '/sandbox-pay' });
  // notifications: preferences, live events, push; one-click unsubscribe is not under /api, as
  // mail clients POST to the List-Unsubscribe address itself (RFC 8058)
  await app.register(emailPreferenceRoutes, api);
  await app.register(liveRoutes, api);
  await app.register(pushRoutes);
  await app.register(oneClickUnsubscribeRoutes);
  await app.register(adminOnly(adminEmailRoutes), api);
  await app.register(textWebhookRoutes, api);
  // Apple's pass web service and the Wallet passes
  await app.register(walletRoutes);
  // api: the vendor's keys and webhooks, the POS API (a key in the Authorization header, never
  // the cookie; decision 035), its reference at /developers, and the admin's integrations
  await app.register(vendorApiRoutes, api);
  await app.register(vendorApiV1Routes, api);
  await app.register(vendorApiReferenceRoutes);
  await app.register(adminOnly(adminIntegrationRoutes), api);
  // seo: /sitemap.xml and /robots.txt at the site root, /api/page-head
  await app.register(publicSiteRoutes);
  await app.register(adminOnly(adminSeoRoutes), api);
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** A streaming replica of `database` for the read-only pages (decision 049); opened and closed by the caller. */
  readReplica?: DatabaseHandle;
  /** Serve the built SPA from dist/client (production and end-to-end tests). */
  serveClient?: boolean;
  logger?: boolean;
  /** Tests pass a transport that fails on purpose. */
  emailTransport?: EmailTransport;
  /** Tests pass a clock they set; production reads the system clock. */
  clock?: Clock;
  /** WhatsApp and SMS providers in place of the configuration's (tests record what is sent). */
  textProviders?: TextProviders;
}

/** Fastify trusts the nearest `hops` proxies with a function (its types leave out the count). */
function trustProxyOption(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** A request line of Fastify's log in a terminal: "GET /api/me" in, "200 in 4 ms" out. */
function plainLogLine(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  if (req?.method) return `${message}: ${req.method} ${req.url ?? ''}`;
  if (res?.statusCode) return `${message}: ${res.statusCode} in ${Math.round(Number(log.responseTime ?? 0))} ms`;
  return message;
}

/**
 * Where the log goes. Production: one JSON line per event, for whatever collects it, unless a
 * person started the server in a terminal (`npm start`): then plain words, one line each, errors
 * with their stack. Development: pino-pretty with every field. pino-pretty is a development
 * dependency, so an install without it logs JSON everywhere.
 */
async function logOutput(
  config: Config,
): Promise<{ transport?: { target: string }; stream?: { write(line: string): void } }> {
  if (config.env === 'development') return { transport: { target: 'pino-pretty' } };
  if (config.env !== 'production' || !process.stdout.isTTY) return {};
  const pretty = await import('pino-pretty').catch(() => null);
  if (!pretty) return {};
  return {
    stream: pretty.default({
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      hideObject: true,
      messageFormat: plainLogLine,
    }),
  };
}

/** Builds the whole app without listening: external plugins, then ours, then the modules. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  installDomainEffects();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(await logOutput(config)),
          },
    // Off by default: only a configured proxy may say who the client is (per-IP limits count it).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Loading the page renderer took over Fastify's default 10 s on a 2-core machine busy with
    // other work, and the start failed; a slow start beats a crash loop. A plugin that truly hangs
    // still fails the start, after a minute.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const email = createEmailService(config, database.db, app.log, options.emailTransport, { now: () => clock.now() });
  const accounts = createAccountMailer(config, database.db, email);
  const auth: Auth = createAuth(config, database.db, {
    onPasswordResetRequested: async (user, token) => accounts.startPasswordReset(user, token),
    onUserCreated: (user) => accounts.sendWelcome(user),
    now: () => clock.now(),
  });
  const reads = createReadDatabase(database, options.readReplica, {
    onReplicaStateChange: (state, error) =>
      state === 'down'
        ? app.log.warn({ err: error }, 'The read replica does not answer; its reads go to the primary until it does')
        : app.log.info('The read replica answers again; read-only pages read from it'),
  });
  const textMessages = createTextMessages({
    prices: config.textMessages.prices,
    // Tests hand in providers that record; the configured ones keep to each provider's rate.
    providers:
      options.textProviders ??
      pacedProviders(textProvidersFor(config, app.log), config.textMessages.messagesPerSecond, clock),
    database,
    clock,
    logger: app.log,
  });
  const deps: AppDeps = { config, database, reads, clock, startedAt: clock.now(), auth, email, accounts, textMessages };
  app.decorate('deps', deps);
  // Before any route, so every handler is tracked.
  const requestsInFlight = trackRequestsInFlight(app);
  app.addHook('onClose', async () => reads.stop());
  // The one wait before the database closes (onClose hooks run last-registered first, so this
  // root hook runs after every module's): requests still at work, their clients gone or not, then
  // what they started without awaiting it, reset e-mails and e-mails sent after the answer (a
  // stamp's, say).
  app.addHook('onClose', async () => {
    await requestsInFlight.idle();
    await accounts.idle();
    await email.idle();
  });

  // Security headers from helmet, built once. @fastify/helmet built helmet again for every request,
  // parsing this policy each time: a twentieth of the app's CPU for a cached listing.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the QR scanner compile its own WebAssembly (served from 'self');
        // it does not allow eval() of JavaScript. The hash allows the one inline script, the loader
        // of a server-drawn page's code (decision 074), and nothing else inline.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", CODE_LOADER_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The branch maps' tiles (decision 084) come from the configured tile server.
        imgSrc: ["'self'", 'data:', 'blob:', new URL(config.mapTiles.url.replace(/\{[a-z]\}/g, '0')).origin],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The Google popup reports back to its opener, which same-origin-only isolation would cut.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(errorsPlugin);
  await app.register(requestLanguagePlugin);
  // Before every route: a write carrying the session cookie must be same-origin JSON (CSRF).
  await app.register(sameOriginWritesPlugin);
  // Before every route: a NUL, a broken character or absurd nesting in any input is a 400 naming the field.
  await app.register(inputGuardPlugin);
  // Signed-in answers are personal: Cache-Control no-store unless the route chose otherwise.
  await app.register(sessionResponsesNoStorePlugin);
  await app.register(authenticationPlugin);
  // After validation, before each write's handler: the budget the route declares (config.budget).
  await app.register(writeBudgetsPlugin);
  // Before the routes: it reads each route's schemas as it registers (GET /api/openapi.json).
  await app.register(openApiPlugin);

  await registerDomainRoutes(app);

  if (options.serveClient) {
    const assetLogLevel = config.logLevel === 'debug' || config.logLevel === 'trace' ? config.logLevel : 'warn';
    await app.register(spaPlugin, {
      resolveHead: (request, language) => resolvePageHead(app.deps, request, language),
      renderGuard: createPageRenderGuard(app),
      assetLogLevel,
    });
  } else {
    await app.register(jsonNotFoundPlugin);
  }
  return app;
}
