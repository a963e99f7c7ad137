import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';
import { signInBrowserAsAdmin } from './support/vendor-applicants';

describe.skipIf(!chromiumAvailable)('admin: analytics over a chosen range, downloaded as CSV and PDF', () => {
  const session = useBrowser();

  it('picks 6 months, sees weekly figures, and downloads both files of that range', async () => {
    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics & Reports' }).waitFor();
    const period = page.getByRole('combobox', { name: 'Period', exact: true });
    expect(await period.locator('option').allTextContents()).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 3 months',
      'Last 6 months',
      'Last year',
    ]);
    await period.selectOption({ label: 'Last 6 months' });
    await page.waitForURL('**/admin/analytics?range=6m');
    await page.getByText(/Pakistan time, per week\.$/).waitFor();

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^chaska-platform-analytics-6m-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Chaska platform — analytics, last 6 months"');
    expect(lines).toContain('Period starting,Sign-ups,Stamps Issued,Rewards Redeemed,Revenue (PKR)');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^chaska-platform-analytics-6m-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(session.problems).toEqual([]);
  });
});
