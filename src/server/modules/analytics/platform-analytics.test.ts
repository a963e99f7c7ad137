import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { recordStamps, vendorOwner } from '@server/modules/vendors/vendor-test-helpers';
import { signUpAdmin } from '@server/test/admin-test-helpers';

describe('admin analytics API and its exports', () => {
  // Budgets as declared (RATE_LIMIT_MAX at its default), so the export budget is reached here.
  const context = useTestApp({ RATE_LIMIT_MAX: '10' });
  let admin: SignedInUser;
  const call = (url: string, cookie = admin.cookie) => context.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    // Wednesday 18 November 2026, 14:00 in Pakistan.
    context.clock.set('2026-11-18T09:00:00.000Z');
    admin = await signUpAdmin(context.app, context.database.db);
    const db = context.database.db;
    const vendor = await createVendor(db, { city: 'Multan', businessCategory: 'sweets' });
    const card = await createCard(db, vendor.id);
    const customer = await signUpUser(context.app);
    await recordStamps(db, {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      times: [context.clock.now(), context.clock.now()],
    });
  });

  it('reports sign-ups, stamps, redemptions and revenue over each of the vendor ranges, by city and category', async () => {
    const analytics = (await call('/api/admin/analytics?range=30d')).json();
    expect(analytics).toMatchObject({ range: '30d', bucket: 'day', from: '2026-10-20', to: '2026-11-18' });
    expect(analytics.series).toHaveLength(30);
    expect(analytics.totals.stamps).toBe(2);
    expect(analytics.totals.signups).toBeGreaterThanOrEqual(2);
    expect(analytics.series.at(-1)).toMatchObject({ bucket: '2026-11-18', stamps: 2 });
    expect(analytics.byCity.find((row: { key: string }) => row.key === 'Multan')).toMatchObject({
      vendors: 1,
      stamps: 2,
    });
    expect(analytics.byCategory[0]).toMatchObject({ key: 'sweets', label: 'Sweets', stamps: 2 });

    // The same ranges and buckets as a vendor's analytics: 30 when none is chosen.
    const shapes: Array<[string, string, number]> = [
      ['7d', 'day', 7],
      ['3m', 'day', 90],
      ['6m', 'week', 27],
      ['1y', 'month', 13],
    ];
    for (const [range, bucket, points] of shapes) {
      const view = (await call(`/api/admin/analytics?range=${range}`)).json();
      expect([view.bucket, view.series.length, view.totals.stamps]).toEqual([bucket, points, 2]);
    }
    expect((await call('/api/admin/analytics')).json().range).toBe('30d');
    const bad = await call('/api/admin/analytics?range=90');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Choose a range: 7 days, 30 days, 3 months, 6 months or 1 year.');
  });

  it('downloads the range as CSV and PDF, named by range and day', async () => {
    const csv = await call('/api/admin/analytics/export.csv?range=6m');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="chaska-platform-analytics-6m-2026-11-18.csv"',
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Chaska platform — analytics, last 6 months"');
    expect(lines).toContain('Period starting,Sign-ups,Stamps Issued,Rewards Redeemed,Revenue (PKR)');
    expect(lines).toContain('City,Vendors,Stamps Issued,Rewards Redeemed,Revenue (PKR)');
    expect(lines.find((line) => line.startsWith('Multan,'))).toBe('Multan,1,2,0,0');

    const pdf = await call('/api/admin/analytics/export.pdf?range=1y');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="chaska-platform-analytics-1y-2026-11-18.pdf"',
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const bad = await call('/api/admin/analytics/export.csv?range=2w');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Choose a range');
  });

  it('refuses a visitor, a customer and a vendor owner', async () => {
    const customer = await signUpUser(context.app);
    const { owner } = await vendorOwner(context.app, context.database.db, 'enterprise');
    for (const kind of ['csv', 'pdf']) {
      const url = `/api/admin/analytics/export.${kind}?range=30d`;
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call(url, customer.cookie)).statusCode).toBe(403);
      expect((await call(url, owner.cookie)).statusCode).toBe(403);
    }
  });

  it('counts exports against a budget per admin, as the vendor exports', async () => {
    const other = await signUpAdmin(context.app, context.database.db);
    context.clock.advance(60_000);
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1)
      statuses.push((await call('/api/admin/analytics/export.csv?range=7d', other.cookie)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const limited = await call('/api/admin/analytics/export.pdf?range=7d', other.cookie);
    expect(statuses[20]).toBe(429);
    expect(limited.statusCode).toBe(200);
    expect((await call('/api/admin/analytics?range=7d', other.cookie)).statusCode).toBe(200);
  });
});
