import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { createTestDatabase } from './test-database';
import { TestClock } from './test-clock';
import { createRecordingTextProvider, type RecordingTextProvider } from '@server/modules/notifications/text-messages';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-signing-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000',
    // Tests change data and read the public pages straight after; each test that needs the memo turns it on.
    PUBLIC_LISTING_CACHE_SECONDS: '0',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The app's clock: tests set or advance it instead of reading the real time. */
  clock: TestClock;
  /** The SMS provider the app sends codes and receipts through: what it sent, failures on demand. */
  texts: RecordingTextProvider;
  /** With `{ whatsApp: true }`: WhatsApp, tried before `texts` (SMS), as a server with both has it. */
  whatsApp: RecordingTextProvider;
}

/** Builds the app on a fresh database for this test file and closes both afterwards. */
export function useTestApp(overrides: Record<string, string> = {}, options: { whatsApp?: boolean } = {}): TestContext {
  const context = {
    clock: new TestClock(),
    texts: createRecordingTextProvider(),
    whatsApp: createRecordingTextProvider('whatsapp'),
  } as TestContext;
  beforeAll(async () => {
    context.config = testConfig(overrides);
    context.database = await createTestDatabase();
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      logger: false,
      clock: context.clock,
      textProviders: { sms: context.texts, ...(options.whatsApp ? { whatsapp: context.whatsApp } : {}) },
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}
