import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)(
  'vendor profile: opening hours a screen reader can tell apart, saved and kept',
  () => {
    const session = useBrowser({ width: 360, height: 800 });

    it('names each day on its hours and its Closed box, and keeps what the owner saved', async () => {
      const { page, baseUrl, context } = session;
      const owner = await createApprovedVendorOwner(baseUrl, `Sajji House ${randomBytes(2).toString('hex')}`);
      await signInBrowser(context, owner.email);
      await page.goto('/vendor/profile');

      // The visible label is the accessible name (WCAG 2.5.3), and seven "Closed" boxes are told apart.
      const sundayClosed = page.getByRole('checkbox', { name: 'Sunday Closed' });
      await sundayClosed.waitFor();
      expect(await page.getByRole('checkbox', { name: 'Closed', exact: true }).count()).toBe(0);
      await sundayClosed.check();
      await expect.poll(() => page.getByLabel('Sunday from').isDisabled()).toBe(true);
      await page.getByLabel('Monday from').fill('11:00');
      await page.getByLabel('Monday to').fill('23:30');
      await page.getByLabel('Area').fill('Model Town');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      // A closed day used to keep the form "unsaved" for ever, so the confirmation never showed.
      await page.getByText('Profile saved. Your public page shows the new details.').waitFor();
      await page.getByLabel('Monday to').fill('23:45');
      await expect.poll(() => page.getByText('Profile saved. Your public page shows the new details.').count()).toBe(0);
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Profile saved. Your public page shows the new details.').waitFor();

      await page.reload();
      await page.getByRole('checkbox', { name: 'Sunday Closed' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Sunday Closed' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Monday from').inputValue()).toBe('11:00');
      expect(await page.getByLabel('Monday to').inputValue()).toBe('23:45');
      expect(await page.getByLabel('Area').inputValue()).toBe('Model Town');
      expect(session.problems).toEqual([]);
    });
  },
);
