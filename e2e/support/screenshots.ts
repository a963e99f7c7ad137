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
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join('docs', 'screenshots', `${name}-${width}.png`),
    fullPage: options.fullPage ?? true,
  });
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
