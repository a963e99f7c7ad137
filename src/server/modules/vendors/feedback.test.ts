import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { visitRatings } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { collectStamps, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';

function rate(app: FastifyInstance, customer: SignedInUser, stampId: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/feedback/visits/${stampId}`,
    headers: { cookie: customer.cookie },
    payload: payload as object,
  });
}

describe('feedback API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function visit() {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app, { name: 'Sana', surname: 'Malik' });
    const result = await collectStamps(context.app, setup, customer.cookie, 1);
    return { setup, customer, stampId: result.stamp.id as string };
  }

  it('lets the customer rate a visit once, and lists visits still to rate', async () => {
    const { setup, customer, stampId } = await visit();
    const toRate = await context.app.inject({
      method: 'GET',
      url: '/api/feedback/visits',
      headers: { cookie: customer.cookie },
    });
    expect(toRate.json().visits).toEqual([
      expect.objectContaining({ stampId, cardName: setup.card.name, vendorName: setup.vendor.businessName }),
    ]);

    const rated = await rate(context.app, customer, stampId, { rating: 4, comment: '  Great chai, slow service  ' });
    expect(rated.statusCode).toBe(201);
    expect(rated.json()).toMatchObject({ rating: 4, comment: 'Great chai, slow service' });
    expect(rated.json().message).toBe(`Thank you! ${setup.vendor.businessName} will see your rating.`);

    const again = await rate(context.app, customer, stampId, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already rated this visit.');
    const after = await context.app.inject({
      method: 'GET',
      url: '/api/feedback/visits',
      headers: { cookie: customer.cookie },
    });
    expect(after.json().visits).toEqual([]);
  });

  it('closes the window 24 hours after the stamp, on the app’s clock', async () => {
    const { customer, stampId } = await visit();
    context.clock.advance(24 * 60 * 60 * 1000 + 1);
    const late = await rate(context.app, customer, stampId, { rating: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('rating_closed');
    expect(await db().select().from(visitRatings).where(eq(visitRatings.stampId, stampId))).toEqual([]);
  });

  it('refuses someone else’s visit, signed-out callers and bad input, naming the field', async () => {
    const { customer, stampId } = await visit();
    const other = await signUpUser(context.app);
    const foreign = await rate(context.app, other, stampId, { rating: 5 });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await context.app.inject({
      method: 'POST',
      url: `/api/feedback/visits/${stampId}`,
      payload: { rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const [payload, field] of [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 3.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{}, 'rating'],
      [{ rating: 3, comment: 'x'.repeat(501) }, 'comment'],
      [{ rating: 3, comment: 7 }, 'comment'],
    ] as const) {
      const response = await rate(context.app, customer, stampId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty(field);
    }
    const badId = await rate(context.app, customer, 'not-a-stamp', { rating: 3 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('stampId');
    expect(await db().select().from(visitRatings).where(eq(visitRatings.stampId, stampId))).toEqual([]);
  });

  it('shows the vendor its own average, weekly trend and comments, and nobody else’s', async () => {
    const { setup, customer, stampId } = await visit();
    await rate(context.app, customer, stampId, { rating: 4, comment: 'Lovely samosas' });
    const second = await collectStamps(context.app, setup, customer.cookie, 1);
    await rate(context.app, customer, second.stamp.id, { rating: 2 });

    const summary = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/feedback',
      headers: { cookie: setup.owner.cookie },
    });
    expect(summary.statusCode).toBe(200);
    const body = summary.json();
    expect(body).toMatchObject({ count: 2, average: 3, distribution: [0, 1, 0, 1, 0] });
    expect(body.trend).toHaveLength(12);
    expect(body.trend.at(-1)).toMatchObject({ count: 2, average: 3 });
    expect(body.comments).toEqual([
      expect.objectContaining({ rating: 4, comment: 'Lovely samosas', customer: 'Sana M.', cardName: setup.card.name }),
    ]);

    const otherVendor = await setUpVendorWithCard(context.app, db());
    const theirs = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/feedback',
      headers: { cookie: otherVendor.owner.cookie },
    });
    expect(theirs.json()).toMatchObject({ count: 0, average: null, comments: [] });
    const asCustomer = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/feedback',
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('shows the admin a vendor’s ratings under review, and no one else', async () => {
    const { setup, customer, stampId } = await visit();
    await rate(context.app, customer, stampId, { rating: 5, comment: 'Best halwa puri' });
    const url = `/api/admin/vendors/${setup.vendor.id}/feedback`;
    expect((await context.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } })).statusCode).toBe(
      403,
    );
    expect((await context.app.inject({ method: 'GET', url, headers: { cookie: setup.owner.cookie } })).statusCode).toBe(
      403,
    );

    const { cookie } = await signUpAdmin(context.app, db());
    const seen = await context.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      count: 1,
      average: 5,
      comments: [expect.objectContaining({ comment: 'Best halwa puri' })],
    });
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/api/admin/vendors/00000000-0000-4000-8000-000000000000/feedback',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/admin/vendors/nope/feedback',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
