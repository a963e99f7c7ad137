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
  const height = await settledHeight(page);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await chartsSettled(page);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

/**
 * The page's height once its layout has answered the last resize: screens that follow the width
 * in script (not only CSS) re-render a frame or more later, and a height read at once was the
 * other width's (a picture twice as tall as the page, blank below). Read until two frames agree,
 * for at most a second.
 */
async function settledHeight(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let height = document.documentElement.scrollHeight;
    for (let frame = 0, same = 0; frame < 60 && same < 2; frame++) {
      await nextFrame();
      const now = document.documentElement.scrollHeight;
      same = now === height ? same + 1 : 0;
      height = now;
    }
    return height;
  });
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
