import helmet from '@fastify/helmet';
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
import { authenticationPlugin } from './plugins/authentication';
import { sameOriginWritesPlugin } from './plugins/same-origin-writes';
import { sessionResponsesNoStorePlugin } from './plugins/session-responses-no-store';
import { inputGuardPlugin } from './plugins/input-guard';
import { openApiPlugin } from './plugins/openapi';
import { createAccountMailer } from './modules/accounts/account-mailer';
import { createAuth, type Auth } from './modules/accounts/auth';
import { authHandlerRoutes } from './modules/accounts/auth-handler-routes';
import { accountRoutes } from './modules/accounts/routes';
import { popupOpenerPolicy } from './modules/accounts/popup-opener-policy';
import { adminRoutes } from './modules/admin/routes';
import { billingRoutes } from './modules/billing/routes';
import { sandboxPayRoutes } from './modules/billing/sandbox-pay/routes';
import { vendorCardRoutes } from './modules/cards/routes';
import { partnerCardRoutes } from './modules/partner-cards/routes';
import { vendorAnalyticsRoutes } from './modules/vendor-analytics/routes';
import { vendorCustomerRoutes } from './modules/vendor-customers/routes';
import { counterQrRoutes } from './modules/counter-qr/routes';
import { vendorRoutes } from './modules/vendors/routes';
import { healthRoutes } from './modules/health/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { vendorApplicationRoutes } from './modules/vendor-applications/routes';
import { createEmailService } from './modules/notifications/email-service';
import type { EmailTransport } from './modules/notifications/email-transport';
import { oneClickUnsubscribeRoutes } from './modules/notifications/one-click-unsubscribe-routes';
import { emailPreferenceRoutes } from './modules/notifications/routes';
import { customerRoutes } from './modules/customer/routes';
import { deviceRoutes } from './modules/devices/routes';
import { liveRoutes } from './modules/live/routes';
import { rewardRoutes } from './modules/rewards/routes';
import { stampRoutes } from './modules/stamps/routes';
import { referralRoutes } from './modules/referrals/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { automationRoutes } from './modules/automations/routes';
import { vendorApiRoutes } from './modules/vendor-api/vendor-routes';
import { vendorApiV1Routes } from './modules/vendor-api/v1-routes';
import { vendorApiReferenceRoutes } from './modules/vendor-api/reference-routes';
import { resolvePageHead } from './modules/seo/page-head';
import { publicSiteRoutes } from './modules/seo/routes';
import { shareRoutes } from './modules/share/routes';
import { walletRoutes } from './modules/wallet/routes';
import { pushRoutes } from './modules/push/routes';
import { campaignRoutes } from './modules/campaigns/routes';

export type App = FastifyInstance;

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
}

/** Fastify trusts the nearest `hops` proxies with a function (its types leave out the count). */
function trustProxyOption(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
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
            ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    // Off by default: only a configured proxy may say who the client is (per-IP limits count it).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
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
  const deps: AppDeps = { config, database, reads, clock, startedAt: clock.now(), auth, email, accounts };
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the QR scanner compile its own WebAssembly (served from 'self');
        // it does not allow eval() of JavaScript. The hash allows the one inline script, the loader
        // of a server-drawn page's code (decision 074), and nothing else inline.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", CODE_LOADER_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
  // Before the routes: it reads each route's schemas as it registers (GET /api/openapi.json).
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  // Before the routes it covers: a hook reaches only plugins registered after it.
  await app.register(popupOpenerPolicy);
  await app.register(authHandlerRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  // Every /api/admin route, behind one admin guard.
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(marketplaceRoutes, { prefix: '/api' });
  await app.register(vendorApplicationRoutes, { prefix: '/api' });
  await app.register(vendorCardRoutes, { prefix: '/api' });
  await app.register(partnerCardRoutes, { prefix: '/api' });
  await app.register(vendorAnalyticsRoutes, { prefix: '/api' });
  await app.register(vendorCustomerRoutes, { prefix: '/api' });
  await app.register(campaignRoutes, { prefix: '/api' });
  await app.register(vendorRoutes, { prefix: '/api' });
  await app.register(counterQrRoutes, { prefix: '/api' });
  await app.register(emailPreferenceRoutes, { prefix: '/api' });
  await app.register(stampRoutes, { prefix: '/api' });
  await app.register(referralRoutes, { prefix: '/api' });
  await app.register(feedbackRoutes, { prefix: '/api' });
  await app.register(automationRoutes, { prefix: '/api' });
  await app.register(rewardRoutes, { prefix: '/api' });
  await app.register(customerRoutes, { prefix: '/api' });
  await app.register(deviceRoutes, { prefix: '/api' });
  await app.register(liveRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(vendorApiRoutes, { prefix: '/api' });
  await app.register(walletRoutes);
  await app.register(pushRoutes);
  // The vendor API for points of sale: a key in the Authorization header, never the cookie (decision 035).
  await app.register(vendorApiV1Routes, { prefix: '/api' });
  // Its readable reference, a server-rendered page at /developers.
  await app.register(vendorApiReferenceRoutes);
  // The built-in sandbox payment provider, only when it is the configured one.
  if (config.payments.provider === 'sandbox') await app.register(sandboxPayRoutes, { prefix: '/sandbox-pay' });
  // Not under /api: mail clients POST to the List-Unsubscribe address itself (RFC 8058).
  await app.register(oneClickUnsubscribeRoutes);
  // /sitemap.xml and /robots.txt at the site root, and /api/texts (the paths are in the module).
  await app.register(publicSiteRoutes);
  await app.register(shareRoutes);

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
