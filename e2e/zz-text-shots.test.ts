import { describe, it } from 'vitest';
import { useBrowser } from './support/browser';
import { signInBrowserAsAdmin } from './support/vendor-applicants';

describe('screenshots', () => {
  const session = useBrowser();
  it('takes them', async () => {
    await signInBrowserAsAdmin(session.context);
    for (const width of [360, 1280]) {
      await session.page.setViewportSize({ width, height: 900 });
      await session.page.goto('/admin/text-editor');
      await session.page.getByText('landing:hero.headline').first().waitFor();
      await session.page.getByLabel('Screen').selectOption('landing');
      await session.page.getByLabel('Search texts').fill('stamp');
      await session.page.waitForTimeout(800);
      await session.page.screenshot({ path: `docs/screenshots/texts-editor-${width}.png`, fullPage: false });
      const visitor = await session.newContext({ width, height: 900 });
      await visitor.page.goto('/terms');
      await visitor.page.getByRole('heading', { name: '1. Who we are' }).waitFor();
      await visitor.page.screenshot({ path: `docs/screenshots/texts-terms-${width}.png`, fullPage: false });
      await visitor.page.goto('/auth?mode=sign-up');
      await visitor.page.getByRole('link', { name: 'Terms of Service' }).waitFor();
      await visitor.page.screenshot({ path: `/tmp/auth-${width}.png`, fullPage: true });
      await visitor.page.goto('/');
      await visitor.page.getByRole('heading', { level: 1 }).waitFor();
      await visitor.page.screenshot({ path: `/tmp/landing-${width}.png`, fullPage: true });
      await visitor.context.close();
    }
  });
});
