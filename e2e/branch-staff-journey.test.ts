import { describe, expect, it } from 'vitest';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

const CLIFTON = {
  name: 'Clifton',
  address: 'Block 5 Market',
  city: 'Karachi',
  area: 'Clifton',
  position: { latitude: 24.8138, longitude: 67.0296 },
  phone: '+92 21 111 222 333',
  whatsapp: '',
  openingHours: {
    monday: { open: '09:00', close: '22:00', closed: false },
    tuesday: { open: '09:00', close: '22:00', closed: false },
    wednesday: { open: '09:00', close: '22:00', closed: false },
    thursday: { open: '09:00', close: '22:00', closed: false },
    friday: { open: '09:00', close: '22:00', closed: false },
    saturday: { open: '09:00', close: '22:00', closed: false },
    sunday: { open: '09:00', close: '22:00', closed: true },
  },
};

describe.skipIf(!chromiumAvailable)('staff at branches (decision 089)', () => {
  const session = useBrowser({ width: 1280, height: 900 });

  it('the owner places a staff member at the second branch; they stamp there only; the customer list filters by it', async () => {
    const { baseUrl, page, context } = session;
    const vendor = await openVendor(baseUrl);
    await payForPlan(baseUrl, vendor.owner.cookie, 'standard');
    const clifton = await postJson<{ id: string }>(baseUrl, '/api/vendor/branches', vendor.owner.cookie, CLIFTON);
    const staff = await signUpViaApi(baseUrl, { email: uniqueEmail('staff'), name: 'Hamza', surname: 'Staff' });
    await postJson(baseUrl, '/api/vendor/staff/invitations', vendor.owner.cookie, { email: staff.email });
    await expect.poll(async () => (await readOutbox(baseUrl, staff.email, 'staff_invite')).length).toBe(1);
    const [invitation] = await readOutbox(baseUrl, staff.email, 'staff_invite');
    const token = new URL(linkFrom(invitation!, '/join-vendor')).searchParams.get('token');
    await postJson(baseUrl, '/api/vendor-invitations/accept', staff.cookie, { token });
    const customer = await signUpViaApi(baseUrl, { name: 'Sana' });
    const myCode = await postJson<{ typedCode: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);

    // The owner places Hamza at Clifton on the team screen.
    await signInBrowser(context, vendor.owner.email);
    await page.goto('/vendor/profile');
    const member = page.getByRole('listitem').filter({ hasText: 'Hamza Staff' });
    await member.getByText('Works at: Every branch').waitFor();
    await member.getByRole('button', { name: 'Branches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Where does Hamza Staff work?' });
    await dialog.getByRole('radio', { name: 'Chosen branches' }).click();
    await dialog.getByRole('checkbox', { name: 'Gawalmandi' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Clifton' }).check();
    await saveScreenshots(page, 'staff-branches-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save branches' }).click();
    await page.getByText('Hamza Staff’s branches were saved.').waitFor();
    await member.getByText('Works at: Clifton').waitFor();

    // Hamza's Issue Stamp offers Clifton only, and stamps Sana there.
    const counter = await session.newContext({ width: 360, height: 800 });
    await signInBrowser(counter.context, staff.email);
    await counter.page.goto('/vendor/issue-stamp');
    const branch = counter.page.getByRole('combobox', { name: 'Branch' });
    await branch.waitFor();
    expect(await branch.locator('option').allInnerTexts()).toEqual(['Clifton']);
    await counter.page.getByRole('tab', { name: 'Scan customer' }).click();
    await counter.page.getByLabel('Customer code').fill(myCode.typedCode);
    await counter.page.getByRole('button', { name: 'Find customer' }).click();
    const row = counter.page.getByRole('listitem').filter({ hasText: 'Doodh Patti Club' });
    await row.getByRole('button', { name: 'Give stamp' }).click();
    await counter.page.getByText('Stamp given to Sana on Doodh Patti Club.').waitFor();
    await saveScreenshots(counter.page, 'issue-stamp-staff-branch');

    // The kiosk set up here keeps Clifton: its codes name it.
    const pinSet = await fetch(`${baseUrl}/api/vendor/kiosk/pin`, {
      method: 'PUT',
      headers: { cookie: vendor.owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ pin: '2580' }),
    });
    expect(pinSet.ok).toBe(true);
    await counter.page.reload();
    await counter.page.getByRole('tab', { name: 'Counter code' }).click();
    const kioskCode = counter.page.waitForRequest((request) =>
      /\/api\/vendor\/cards\/[^/]+\/counter-code\?branchId=/.test(request.url()),
    );
    await counter.page.getByRole('button', { name: 'Kiosk mode' }).click();
    await counter.page.waitForURL(`/vendor/issue-stamp/kiosk?card=${vendor.cardId}&branch=${clifton.id}`);
    expect(new URL((await kioskCode).url()).searchParams.get('branchId')).toBe(clifton.id);
    await counter.context.close();

    // The owner's customer list, filtered by Clifton, shows Sana.
    await page.goto('/vendor/customers');
    const customers = page.getByRole('table', { name: 'Customers' });
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Clifton' });
    await customers.getByText('Sana', { exact: false }).waitFor();
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Gawalmandi' });
    await page.getByText('No customers match these filters.').waitFor();
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Clifton' });
    await customers.getByText('Sana', { exact: false }).waitFor();
    await saveScreenshots(page, 'customers-branch-filter');

    // The dashboard for Clifton alone counts the one stamp given there.
    await page.goto('/vendor');
    const stampsIssued = page.locator('div', { has: page.getByText('Stamps Issued', { exact: true }) }).last();
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Clifton' });
    await stampsIssued.getByText('1', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Gawalmandi' });
    await stampsIssued.getByText('0', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Clifton' });
    await stampsIssued.getByText('1', { exact: true }).waitFor();
    await saveScreenshots(page, 'dashboard-branch-filter');

    // The same screens in Urdu.
    await page.goto('/vendor/customers');
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'Clifton' });
    await page.getByRole('button', { name: 'Language: اردو' }).click();
    await page.getByRole('combobox', { name: 'برانچ' }).waitFor();
    await saveScreenshots(page, 'customers-branch-filter-ur');
    await page.goto('/vendor/profile');
    await page.getByText('کام کی جگہ: Clifton').waitFor();
    await saveScreenshots(page, 'staff-branches-ur');
    expect(session.problems).toEqual([]);
  });
});
