import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('offline banner and open dialogs', () => {
  const session = useBrowser({ width: 360, height: 640 });

  it('says the connection is gone without covering or catching the taps of an open dialog', async () => {
    const { page, context, baseUrl } = session;
    const customer = await signUpViaApi(baseUrl);
    await signInBrowser(context, customer.email);
    await page.goto('/user');
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await dialog.waitFor();

    await context.setOffline(true);
    await page.getByText('No internet connection. Some features may not work properly.').waitFor();

    // The dialog's last button, scrolled to the end of the dialog at the bottom of a small phone.
    const lastButton = dialog.getByRole('button', { name: 'Use a demo code' });
    await lastButton.scrollIntoViewIfNeeded();
    const box = await lastButton.boundingBox();
    if (!box) throw new Error('the demo code button is not on screen');
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim() ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height - 4 },
    );
    expect(hit).toBe('Use a demo code');
    await lastButton.click({ trial: true, timeout: 5_000 });
    await context.setOffline(false);
  });
});
