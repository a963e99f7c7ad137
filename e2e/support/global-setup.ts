import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHealth } from '../../src/server/test/local-process';
import { startMockOpenIdServer } from '../../src/server/test/mock-openid-server';
import { makeWalletTestKeys } from '../../src/server/modules/wallet/wallet-test-keys';
import { makeLocalhostCertificate } from '../../src/server/test/localhost-certificate';
import { generateVapidKeys } from '../../src/server/modules/notifications/send-push';
import { E2E_ADMIN_EMAIL, E2E_PASS_TYPE_ID } from './accounts';
import { bootstrapAdmin } from './admin-bootstrap';
import { readServerLog } from './server-log';
import { E2E_WORKERS } from './e2e-workers';
import { startFakeTextProviders } from '../../src/server/test/fake-text-providers';
import { startFakeSocialGraph } from '../../src/server/test/fake-social-graph';
import { startLocalTiles } from './local-tiles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per e2e worker (E2E_WORKERS), each on a database of its own: see server.ts. */
    servers: { baseUrl: string; databaseUrl: string; adminOtpauthUri: string }[];
    /** The OpenID Connect server standing in for Google (queueMockLogin scripts it). */
    googleIssuer: string;
    /** WhatsApp and the SMS gateway on loopback, where the journeys read what the apps sent (fake-text-providers.ts). */
    textProviders: string;
    /** The certificate the server trusts for the push journey's local push service (decision 043). */
    pushServiceTls: { certificatePem: string; keyPem: string };
    /** Meta's Graph API on loopback, where the Social Media Agent posts (fake-social-graph.ts). */
    socialGraph: string;
  }
}

/**
 * Starts the built app (dist/) once per e2e worker, each on a fresh database of its own (on the
 * PostgreSQL server of TEST_DATABASE_URL, otherwise embedded PGlite in a temporary folder): the
 * journeys of one worker run file after file against its app, as they did against the one app,
 * and no journey sees another worker's global changes (the admin's texts, SEO, featured order).
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
    throw new Error('The app is not built: run `npm run build` (npm test and npm run test:e2e do it).');
  }
  // Up before the apps, which discover it at start as their Google provider.
  const google = await startMockOpenIdServer();
  // Phone codes and receipts go by WhatsApp first and SMS behind it, as in production, to
  // providers on loopback that report delivery back to each app by its signed webhooks.
  const textProviders = await startFakeTextProviders();
  // The Social Media Agent's Facebook Page and Instagram account, which fetch each picture from
  // the app as Meta does (Instagram takes JPEG only).
  const socialGraph = await startFakeSocialGraph({ fetchImages: true });
  // The branch maps' tiles, on loopback.
  const tiles = await startLocalTiles();
  // Apple Wallet with keys made here (the wallet journey downloads a pass); Google Wallet left
  // unset, so its button is not shown.
  const walletKeys = makeWalletTestKeys(E2E_PASS_TYPE_ID);
  // Web Push on (decision 043): the servers trust the certificate of the push journey's local
  // push service, started later by that journey (Node reads extra CAs only at start).
  const vapid = generateVapidKeys();
  const pushServiceTls = makeLocalhostCertificate();
  const pushCaDir = mkdtempSync(path.join(tmpdir(), 'chaska-e2e-push-'));
  const pushServiceCa = path.join(pushCaDir, 'push-service-ca.pem');
  writeFileSync(pushServiceCa, pushServiceTls.certificatePem);
  const shared = { google, walletKeys, vapid, pushServiceCa, textProviders, socialGraph, tiles };
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, index) => startServer(index, shared)));
  project.provide(
    'servers',
    servers.map(({ baseUrl, databaseUrl, adminOtpauthUri }) => ({ baseUrl, databaseUrl, adminOtpauthUri })),
  );
  project.provide('googleIssuer', google.issuer);
  project.provide('textProviders', textProviders.url);
  project.provide('pushServiceTls', pushServiceTls);
  project.provide('socialGraph', socialGraph.url);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await google.stop();
    await textProviders.stop();
    await socialGraph.stop();
    await tiles.stop();
    rmSync(pushCaDir, { recursive: true, force: true });
  };
}

async function startServer(
  index: number,
  shared: {
    google: Awaited<ReturnType<typeof startMockOpenIdServer>>;
    walletKeys: ReturnType<typeof makeWalletTestKeys>;
    vapid: ReturnType<typeof generateVapidKeys>;
    pushServiceCa: string;
    textProviders: Awaited<ReturnType<typeof startFakeTextProviders>>;
    socialGraph: Awaited<ReturnType<typeof startFakeSocialGraph>>;
    tiles: Awaited<ReturnType<typeof startLocalTiles>>;
  },
) {
  const { google, walletKeys, vapid, pushServiceCa, textProviders, socialGraph, tiles } = shared;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chaska-e2e-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl = '';
  let databaseName = '';
  if (serverUrl) {
    databaseName = `chaska_e2e_${Date.now().toString(36)}_${index}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      SESSION_SECRET: 'e2e-session-secret-long-enough-0123456789abcdef',
      // info: the e-mails are logged (no SMTP); readServerLog passes only warnings on.
      LOG_LEVEL: 'info',
      // Every journey signs in from 127.0.0.1; the limits themselves are covered by API tests.
      RATE_LIMIT_MAX: '1000',
      // Journeys change vendors and cards and look at the public pages at once.
      PUBLIC_LISTING_CACHE_SECONDS: '0',
      // Every journey loads its pages from 127.0.0.1; the limit itself is covered by an API test.
      PAGE_RENDERS_PER_MINUTE: '100000',
      GOOGLE_CLIENT_ID: 'chaska-e2e-client',
      GOOGLE_CLIENT_SECRET: 'chaska-e2e-secret',
      GOOGLE_ISSUER: google.issuer,
      APPLE_PASS_TYPE_ID: E2E_PASS_TYPE_ID,
      APPLE_TEAM_ID: 'E2ETEAM123',
      APPLE_PASS_CERT: walletKeys.certificatePem,
      APPLE_PASS_KEY: walletKeys.keyPem,
      APPLE_WWDR_CERT: walletKeys.wwdrPem,
      // No device registers in the journeys; should one, its push goes nowhere off this machine.
      APNS_URL: 'https://127.0.0.1:9',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:support@e2e.chaska.test',
      NODE_EXTRA_CA_CERTS: pushServiceCa,
      // The push journey's local push service and the point-of-sale journey's webhook receiver are
      // on 127.0.0.1; the start accepts this only because HOST and PUBLIC_URL are loopback too.
      ALLOW_LOOPBACK_TARGETS_FOR_TESTS: 'true',
      ...textProviders.settingsFor(baseUrl, { whatsApp: true }),
      ...socialGraph.settings(),
      ...tiles.settings(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log = readServerLog(child.stdout);
  await waitForHealth(baseUrl, child);
  const adminOtpauthUri = await bootstrapAdmin(baseUrl, log.waitForLink);
  return {
    baseUrl,
    databaseUrl,
    adminOtpauthUri,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', resolve);
        setTimeout(resolve, 10_000).unref();
      });
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl && databaseName) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
    },
  };
}
