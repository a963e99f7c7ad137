import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a card honoured at chosen branches (decision 089)', () => {
  const session = useBrowser({ width: 1280, height: 900 });

  it('the owner honours a card at one branch; the vendor page says so, and the other branch’s counter is refused', async () => {
    const { baseUrl, page, context } = session;
    const vendor = await openVendor(baseUrl);
    await payForPlan(baseUrl, vendor.owner.cookie, 'standard');
    const branches = await postJson<{ id: string }>(baseUrl, '/api/vendor/branches', vendor.owner.cookie, {
      name: 'Anarkali',
      address: '3 Mall Road',
      city: 'Lahore',
      area: 'Anarkali',
      position: { latitude: 31.5656, longitude: 74.3142 },
      phone: '+92 42 111 222 444',
      whatsapp: '',
      openingHours: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
          day,
          { open: '09:00', close: '22:00', closed: false },
        ]),
      ),
    });
    const { slug } = (await (
      await fetch(`${baseUrl}/api/vendor/profile`, { headers: { cookie: vendor.owner.cookie } })
    ).json()) as { slug: string };

    await signInBrowser(context, vendor.owner.email);
    await page.goto('/vendor/cards');
    const card = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    await card.getByRole('button', { name: 'Edit Card' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Card' });
    const honoured = form.getByRole('group', { name: 'Honoured at' });
    await honoured.getByRole('radio', { name: 'Chosen branches' }).click();
    await honoured.getByRole('checkbox', { name: 'Gawalmandi' }).uncheck();
    await honoured.getByRole('checkbox', { name: 'Anarkali' }).check();
    await honoured.scrollIntoViewIfNeeded();
    await saveScreenshots(page, 'card-form-honoured-at', { fullPage: false });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('“Doodh Patti Club” saved.').waitFor();

    // The main branch's counter cannot show the card's code.
    const main = (
      (await (await fetch(`${baseUrl}/api/vendor/branches`, { headers: { cookie: vendor.owner.cookie } })).json()) as {
        branches: Array<{ id: string; isMain: boolean }>;
      }
    ).branches.find((branch) => branch.isMain)!;
    const refused = await fetch(`${baseUrl}/api/vendor/cards/${vendor.cardId}/counter-code?branchId=${main.id}`, {
      method: 'POST',
      headers: { cookie: vendor.owner.cookie },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This card is not honoured at this branch.',
    );
    expect(branches.id).toBeDefined();

    const visitor = await session.newContext({ width: 360, height: 800 });
    await visitor.page.goto(`/vendors/${slug}`);
    await visitor.page.getByText('Cards are honoured at every branch, except:').waitFor();
    await visitor.page.getByText('Doodh Patti Club: only at Anarkali').waitFor();
    await saveScreenshots(visitor.page, 'vendor-page-card-branches');
    await visitor.context.addCookies([{ name: 'chaska_lang', value: 'ur', url: baseUrl }]);
    await visitor.page.goto(`/vendors/${slug}`);
    await visitor.page.getByText('Doodh Patti Club: صرف Anarkali پر').waitFor();
    await saveScreenshots(visitor.page, 'vendor-page-card-branches-ur');
    await visitor.context.close();
    expect(session.problems).toEqual([]);
  });
});
