import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { collectWith, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { branchOf, callAs, vendorOwner } from '@server/modules/vendors/vendor-test-helpers';

const BRANCHES = '/api/vendor/branches';

/** The CSV's lines of the table titled `title`: its header and rows, up to the blank line after it. */
function tableOf(csv: string, title: string): string[] {
  const lines = csv.split(/\r?\n/);
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('analytics exports by branch (decision 089)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /** A premium chain (main and Clifton): two customers stamped at Clifton, one at the main branch. */
  async function chainWithStamps() {
    const setup = await setUpVendorWithCard(context.app, db(), {
      plan: 'premium',
      minStampIntervalMinutes: 0,
      stampsRequired: 1,
    });
    const main = (await callAs(context.app, setup.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    const clifton = (await callAs(context.app, setup.owner.cookie, 'POST', BRANCHES, branchOf('Clifton'))).json();
    const stampAt = async (branchId: string) => {
      const customer = await signUpUser(context.app);
      const code = await callAs(
        context.app,
        setup.owner.cookie,
        'POST',
        `/api/vendor/cards/${setup.card.id}/counter-code?branchId=${branchId}`,
      );
      const collected = await collectWith(context.app, customer.cookie, code.json().code.qrPayload);
      expect(collected.statusCode, collected.body).toBe(200);
      return { customer, rewardId: collected.json().reward.id as string };
    };
    // One reward redeemed at Clifton, earned there.
    const first = await stampAt(clifton.id);
    const redemptionCode = await context.app.inject({
      method: 'POST',
      url: `/api/rewards/${first.rewardId}/redemption-code`,
      headers: { cookie: first.customer.cookie },
    });
    const redeemed = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/rewards/redeem', {
      code: redemptionCode.json().qrPayload,
      branchId: clifton.id,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    await stampAt(clifton.id);
    await stampAt(main.id);
    return { ...setup, main, clifton };
  }

  it('adds a table of the branches to the business’s export, and narrows it to the page’s branch', async () => {
    const setup = await chainWithStamps();
    const csv = await callAs(context.app, setup.owner.cookie, 'GET', '/api/vendor/analytics/export.csv?range=7d');
    expect(csv.statusCode).toBe(200);
    expect(tableOf(csv.body, 'Branches')).toEqual([
      'Branch,Stamps Issued,Rewards Redeemed,Customers',
      `${setup.main.name},1,0,1`,
      'Clifton,2,1,2',
    ]);

    const clifton = await callAs(
      context.app,
      setup.owner.cookie,
      'GET',
      `/api/vendor/analytics/export.csv?range=7d&branchId=${setup.clifton.id}`,
    );
    expect(clifton.statusCode).toBe(200);
    expect(clifton.body.split(/\r?\n/)[0]).toContain('· Clifton');
    expect(tableOf(clifton.body, 'Summary')).toContain('Total Stamps Issued,2');
    expect(tableOf(clifton.body, 'Summary')).toContain('Branch,Clifton');
    expect(tableOf(clifton.body, 'Summary')).toContain('Rewards Redeemed,1');
    // Every row over time names the branch; the stamps fall on today's row.
    const overTime = tableOf(clifton.body, 'Over time');
    expect(overTime[0]).toBe('Period starting,Branch,Stamps Issued,Rewards Redeemed');
    expect(overTime.slice(1).every((line) => line.includes(',Clifton,'))).toBe(true);
    expect(overTime.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-2)), 0)).toBe(2);
    expect(tableOf(clifton.body, 'Cards at this branch')).toEqual([
      'Card,Branch,Stamps,Rewards Redeemed,Customers',
      `${setup.card.name},Clifton,2,1,2`,
    ]);
    // The business-wide tables of the rollups are not the branch's: left out.
    expect(tableOf(clifton.body, 'Card Performance')).toEqual([]);

    const pdf = await callAs(
      context.app,
      setup.owner.cookie,
      'GET',
      `/api/vendor/analytics/export.pdf?range=30d&branchId=${setup.main.id}`,
    );
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('leaves a one-branch business’s export as it was', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { plan: 'premium' });
    const csv = await callAs(context.app, setup.owner.cookie, 'GET', '/api/vendor/analytics/export.csv?range=7d');
    expect(csv.statusCode).toBe(200);
    expect(tableOf(csv.body, 'Branches')).toEqual([]);
  });

  it('refuses another vendor’s branch or a malformed one naming branchId, for every export', async () => {
    const setup = await chainWithStamps();
    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    for (const route of ['export.csv', 'export.pdf', 'report']) {
      for (const branchId of [theirs.id, 'not-a-branch']) {
        const answer = await callAs(
          context.app,
          setup.owner.cookie,
          'GET',
          `/api/vendor/analytics/${route}?range=7d&branchId=${branchId}`,
        );
        expect(answer.statusCode, `${route} ${branchId}`).toBe(400);
        expect(Object.keys(answer.json().error.fields)).toEqual(['branchId']);
      }
    }
  });
});
