import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { e2eServer } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests need Debian's Chromium; without it they are skipped locally and fail in CI. */
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
if (!chromiumAvailable && process.env.CI) {
  throw new Error(`Chromium is required in CI but was not found at ${CHROMIUM_PATH}`);
}
if (!chromiumAvailable) {
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Console errors and failed requests seen by the current page. */
  problems: string[];
  newContext(options?: {
    width?: number;
    height?: number;
    /** Where this page's problems go (several pages at once); the session's list otherwise. */
    problems?: string[];
  }): Promise<{ context: BrowserContext; page: Page }>;
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

function watchProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A navigation that replaces an in-flight request aborts it; that is not a failure.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
}

/**
 * What each open page showed when a journey failed (its address and the start of its text): CI
 * keeps only the log, and "waiting for a heading" alone does not say where the page was.
 */
async function describeOpenPages(browser: Browser | undefined): Promise<void> {
  for (const page of browser?.contexts().flatMap((context) => context.pages()) ?? []) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(its text could not be read)');
    console.error(`Open page when the test failed: ${page.url()}\n  ${text.replace(/\s+/g, ' ').slice(0, 600)}`);
  }
}

/** One browser per test file, a fresh context (cookies) per test. */
export function useBrowser(viewport = { width: 1280, height: 800 }): BrowserSession {
  const session = { problems: [] as string[] } as BrowserSession;
  beforeAll(async () => {
    session.baseUrl = e2eServer().baseUrl;
    session.browser = await launchChromium();
    session.newContext = async (options = {}) => {
      const context = await session.browser.newContext({
        baseURL: session.baseUrl,
        viewport: { width: options.width ?? viewport.width, height: options.height ?? viewport.height },
        // Charts then draw at once (Recharts honours the preference): a journey and its
        // screenshots see the finished figures, never a bar half-way through its animation.
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      watchProblems(page, options.problems ?? session.problems);
      return { context, page };
    };
  });
  beforeEach(async () => {
    session.problems.length = 0;
    const { context, page } = await session.newContext();
    session.context = context;
    session.page = page;
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await describeOpenPages(session.browser);
    await session.context?.close();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
