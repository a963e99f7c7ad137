import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

/** Short enough that a count which stays stale fails, long enough for a refetch on a slow machine. */
const FRESH_WITHIN_MS = 5_000;

describe.skipIf(!chromiumAvailable)(
  "the customer's card on a phone: fresh after a counter stamp, marked when paused",
  () => {
    const session = useBrowser({ width: 360, height: 780 });

    it('shows the new count after each counter stamp, then "Paused by the vendor" with no stamp step once the vendor pauses the card', async () => {
      const { page, baseUrl } = session;
      const vendor = await openVendor(baseUrl);
      const customer = await signUpViaApi(baseUrl, { name: 'Hina' });
      await signInBrowser(session.context, customer.email);
      await page.goto('/user');
      await page.getByRole('heading', { name: 'Welcome, Hina' }).waitFor();

      const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
      const tile = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
      for (const [stamp, remaining] of [
        [1, '2 more stamps'],
        [2, '1 more stamp'],
      ] as const) {
        await page.getByRole('button', { name: 'Scan QR Code' }).click();
        await dialog.getByLabel(/No camera\? Type the code/).fill(await vendor.counterCode());
        await dialog.getByRole('button', { name: 'Collect stamp' }).click();
        await dialog.getByText('Stamp collected successfully!').waitFor();
        expect(await dialog.getByText('Doodh Patti Club at').textContent()).toContain(`${stamp} of 3 stamps`);
        await dialog.getByRole('button', { name: 'Done' }).click();
        // The card under the success message has the same count: no reload, no waiting for a poll.
        await tile.getByText(`${stamp} / 3 stamps`).waitFor({ timeout: FRESH_WITHIN_MS });
        await tile.getByText(remaining).waitFor({ timeout: FRESH_WITHIN_MS });
      }

      // The vendor pauses the card: the tile says so and offers no stamp step.
      await postJson(baseUrl, `/api/vendor/cards/${vendor.cardId}/pause`, vendor.owner.cookie);
      await page.reload();
      await tile.getByText('Paused by the vendor.').waitFor();
      await tile.getByText('Paused', { exact: true }).waitFor();
      expect(await tile.getByText('1 more stamp').count()).toBe(0);
      expect(await tile.getByText(/Next stamp from/).count()).toBe(0);
      expect(await tile.getByRole('button').count()).toBe(0);
      await tile.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'wallet-paused-card');
      expect(session.problems).toEqual([]);
    });
  },
);
