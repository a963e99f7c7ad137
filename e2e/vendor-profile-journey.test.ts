import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';

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

    it('places the shop pin from the phone’s location, refuses swapped coordinates, and keeps it', async () => {
      const { page, baseUrl, context } = session;
      const owner = await createApprovedVendorOwner(baseUrl, `Nihari Point ${randomBytes(2).toString('hex')}`);
      await signInBrowser(context, owner.email);
      await context.grantPermissions(['geolocation'], { origin: baseUrl });
      await context.setGeolocation({ latitude: 24.8607, longitude: 67.0011 });
      await page.goto('/vendor/profile');

      await page.getByRole('button', { name: 'Use my current location' }).click();
      await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('24.8607');
      expect(await page.getByLabel('Longitude').inputValue()).toBe('67.0011');
      await page.getByRole('link', { name: 'Check the pin on the map' }).waitFor();
      await page.getByRole('group', { name: 'Shop pin on the map' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'vendor-shop-pin', { fullPage: false });

      // Typed the other way round, the pin lands outside Pakistan: the field says so, nothing is saved.
      await page.getByLabel('Latitude').fill('67.0011');
      await page.getByLabel('Longitude').fill('24.8607');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('The pin must be in Pakistan: latitude from 23.5 to 37.2.').waitFor();

      await page.getByLabel('Latitude').fill('24.8607');
      await page.getByLabel('Longitude').fill('67.0011');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Profile saved. Your public page shows the new details.').waitFor();
      await page.reload();
      await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('24.8607');
      expect(await page.getByLabel('Longitude').inputValue()).toBe('67.0011');

      await page.getByRole('button', { name: 'Remove pin' }).click();
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Profile saved. Your public page shows the new details.').waitFor();
      await page.reload();
      await page.getByLabel('Latitude').waitFor();
      expect(await page.getByLabel('Latitude').inputValue()).toBe('');
      expect(session.problems).toEqual([]);
    });
  },
);
