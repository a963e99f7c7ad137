import path from 'node:path';
import type { Page } from 'playwright-core';

export interface ScreenshotOptions {
  /** The whole page (default), or only the window: a dialog sits over the window, not the page. */
  fullPage?: boolean;
}

/**
 * With E2E_SCREENSHOTS=1 a journey saves what it sees under docs/screenshots/<name>-<width>.png,
 * at the width the page has now; without it, nothing is written.
 */
export async function saveScreenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const file = path.join('docs', 'screenshots', `${name}-${viewport.width}.png`);
  if (options.fullPage === false) {
    await chartsSettled(page);
    await page.screenshot({ path: file });
    return;
  }
  // The window as tall as the page, then a picture of the window: Playwright's own full-page
  // picture resizes the window while it takes it, and a chart caught re-measuring is drawn wider
  // than its card.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await chartsSettled(page);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

/**
 * After a resize, each chart (Recharts' ResponsiveContainer) measures its box again a frame or
 * two later: wait until every chart is as wide as its frame (at most a second).
 */
async function chartsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('.recharts-wrapper')].every((chart) => {
          const frame = chart.closest('[role="img"]');
          return !frame || Math.abs(chart.getBoundingClientRect().width - frame.getBoundingClientRect().width) < 1;
        }),
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => undefined);
}

/** The same screen at a phone's 360 px and a laptop's 1280 px. */
export async function saveScreenshots(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await saveScreenshot(page, name, options);
  }
  await page.setViewportSize(before);
}
