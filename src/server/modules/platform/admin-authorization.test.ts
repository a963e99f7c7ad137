import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, supportConversations, supportReplyTemplates } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { buildApp } from '@server/app';
import { captureRouteTable, routeName } from '@server/test/adversarial/route-table';

/**
 * Every admin API, as a visitor, a customer, a vendor and an admin. The first test proves the
 * table lists every /api/admin route the app registers, so a new route cannot skip this file.
 */
describe('admin API authorization', () => {
  const context = useTestApp();
  const ids: Record<string, string> = {};
  const people = {} as Record<'customer' | 'vendor' | 'admin' | 'target' | 'toDelete', SignedInUser>;

  beforeAll(async () => {
    const db = context.database.db;
    people.admin = await signUpAdmin(context.app, db);
    people.customer = await signUpUser(context.app);
    people.vendor = await signUpUser(context.app);
    people.target = await signUpUser(context.app, { name: 'Target' });
    people.toDelete = await signUpUser(context.app, { name: 'Leaving' });
    const own = await createVendor(db, { ownerUserId: people.vendor.id, status: 'approved', plan: 'enterprise' });
    ids.vendor = own.id;
    ids.pendingToApprove = (await createVendor(db, { status: 'pending' })).id;
    ids.pendingToReject = (await createVendor(db, { status: 'pending' })).id;
    ids.toSuspend = (await createVendor(db, { status: 'approved' })).id;
    ids.toUnsuspend = (await createVendor(db, { status: 'suspended' })).id;
    ids.cardToPause = (await createCard(db, own.id)).id;
    ids.cardToRemove = (await createCard(db, own.id)).id;
    ids.cardToRestore = (await createCard(db, own.id, { status: 'paused' })).id;
    ids.dailyCard = (await createCard(db, own.id, { cardType: 'daily_chaska', stampsRequired: 1 })).id;
    const [key] = await db
      .insert(apiKeys)
      .values({ vendorId: own.id, name: 'POS', prefix: 'chk_live_abc', keyHash: 'hash-for-test' })
      .returning();
    ids.apiKey = key!.id;
    const now = context.clock.now();
    const [question] = await db
      .insert(supportConversations)
      .values({
        requesterId: people.customer.id,
        requesterRole: 'customer',
        language: 'en',
        subject: 'Where is my stamp?',
        createdAt: now,
        lastMessageAt: now,
      })
      .returning();
    ids.supportConversation = question!.id;
    const [reply] = await db
      .insert(supportReplyTemplates)
      .values({ title: 'Thanks', bodyEn: 'Thank you.', bodyUr: 'شکریہ۔', createdAt: now, updatedAt: now })
      .returning();
    ids.supportTemplate = reply!.id;
  });

  interface Case {
    route: string;
    url: () => string;
    payload?: () => Record<string, unknown>;
    /** What an admin gets (the request is valid). */
    admin: number;
  }

  const inAnHour = () => new Date(context.clock.now().getTime() + 3_600_000).toISOString();
  const cases: Case[] = [
    { route: 'GET /api/admin/emails', url: () => '/api/admin/emails', admin: 200 },
    { route: 'GET /api/admin/email-logs', url: () => '/api/admin/email-logs', admin: 200 },
    { route: 'GET /api/admin/text-messages', url: () => '/api/admin/text-messages', admin: 200 },
    { route: 'GET /api/admin/text-costs', url: () => '/api/admin/text-costs', admin: 200 },
    { route: 'GET /api/admin/vendor-applications', url: () => '/api/admin/vendor-applications', admin: 200 },
    {
      route: 'POST /api/admin/vendors/:id/approve',
      url: () => `/api/admin/vendors/${ids.pendingToApprove}/approve`,
      admin: 200,
    },
    {
      route: 'POST /api/admin/vendors/:id/reject',
      url: () => `/api/admin/vendors/${ids.pendingToReject}/reject`,
      payload: () => ({ reason: 'Incomplete' }),
      admin: 200,
    },
    { route: 'GET /api/admin/stats', url: () => '/api/admin/stats', admin: 200 },
    { route: 'GET /api/admin/activity', url: () => '/api/admin/activity', admin: 200 },
    { route: 'GET /api/admin/top-vendors', url: () => '/api/admin/top-vendors', admin: 200 },
    {
      route: 'GET /api/admin/vendors/:id/feedback',
      url: () => `/api/admin/vendors/${ids.vendor}/feedback`,
      admin: 200,
    },
    { route: 'GET /api/admin/system-health', url: () => '/api/admin/system-health', admin: 200 },
    { route: 'GET /api/admin/vendor-options', url: () => '/api/admin/vendor-options', admin: 200 },
    {
      route: 'POST /api/admin/daily-chaska',
      url: () => '/api/admin/daily-chaska',
      payload: () => ({
        vendorId: ids.vendor,
        name: 'Biryani deal',
        rewardTitle: 'Biryani plate',
        dealPrice: 299,
        originalPrice: 499,
        stock: 5,
        endsAt: inAnHour(),
      }),
      admin: 201,
    },
    { route: 'GET /api/admin/vendors', url: () => '/api/admin/vendors', admin: 200 },
    { route: 'GET /api/admin/vendors/summary', url: () => '/api/admin/vendors/summary', admin: 200 },
    { route: 'GET /api/admin/vendors/export.csv', url: () => '/api/admin/vendors/export.csv', admin: 200 },
    { route: 'GET /api/admin/vendors/:id', url: () => `/api/admin/vendors/${ids.vendor}`, admin: 200 },
    {
      route: 'PATCH /api/admin/vendors/:id',
      url: () => `/api/admin/vendors/${ids.vendor}`,
      payload: () => ({
        businessName: 'Edited Name',
        businessCategory: 'cafe',
        phone: '+92 300 1234567',
        address: '2 Mall Road',
        city: 'Lahore',
        area: 'Gulberg',
      }),
      admin: 200,
    },
    {
      route: 'POST /api/admin/vendors/:id/suspend',
      url: () => `/api/admin/vendors/${ids.toSuspend}/suspend`,
      payload: () => ({ reason: 'Complaints' }),
      admin: 200,
    },
    {
      route: 'POST /api/admin/vendors/:id/unsuspend',
      url: () => `/api/admin/vendors/${ids.toUnsuspend}/unsuspend`,
      admin: 200,
    },
    {
      route: 'POST /api/admin/vendor-invitations',
      url: () => '/api/admin/vendor-invitations',
      payload: () => ({ email: 'new.shop@example.pk' }),
      admin: 201,
    },
    { route: 'GET /api/admin/users', url: () => '/api/admin/users', admin: 200 },
    { route: 'GET /api/admin/users/:id', url: () => `/api/admin/users/${people.target.id}`, admin: 200 },
    {
      route: 'POST /api/admin/users/:id/disable',
      url: () => `/api/admin/users/${people.target.id}/disable`,
      admin: 200,
    },
    { route: 'POST /api/admin/users/:id/enable', url: () => `/api/admin/users/${people.target.id}/enable`, admin: 200 },
    { route: 'POST /api/admin/users/:id/admin', url: () => `/api/admin/users/${people.target.id}/admin`, admin: 200 },
    { route: 'DELETE /api/admin/users/:id/admin', url: () => `/api/admin/users/${people.target.id}/admin`, admin: 200 },
    {
      route: 'POST /api/admin/users/:id/close',
      url: () => `/api/admin/users/${people.toDelete.id}/close`,
      payload: () => ({ reason: 'Asked by the customer' }),
      admin: 200,
    },
    { route: 'GET /api/admin/cards', url: () => '/api/admin/cards', admin: 200 },
    {
      route: 'POST /api/admin/cards/:id/pause',
      url: () => `/api/admin/cards/${ids.cardToPause}/pause`,
      payload: () => ({ reason: 'Misleading reward' }),
      admin: 200,
    },
    {
      route: 'POST /api/admin/cards/:id/remove',
      url: () => `/api/admin/cards/${ids.cardToRemove}/remove`,
      payload: () => ({ reason: 'Duplicate' }),
      admin: 200,
    },
    {
      route: 'POST /api/admin/cards/:id/restore',
      url: () => `/api/admin/cards/${ids.cardToRestore}/restore`,
      admin: 200,
    },
    { route: 'GET /api/admin/exclusives', url: () => '/api/admin/exclusives', admin: 200 },
    {
      route: 'PUT /api/admin/cards/:id/featured-order',
      url: () => `/api/admin/cards/${ids.dailyCard}/featured-order`,
      payload: () => ({ featuredOrder: 1 }),
      admin: 200,
    },
    // The only featured card has no neighbour: a 409, past the guard.
    {
      route: 'POST /api/admin/cards/:id/move',
      url: () => `/api/admin/cards/${ids.dailyCard}/move`,
      payload: () => ({ direction: 'up' }),
      admin: 409,
    },
    { route: 'GET /api/admin/analytics', url: () => '/api/admin/analytics', admin: 200 },
    { route: 'GET /api/admin/analytics/export.csv', url: () => '/api/admin/analytics/export.csv', admin: 200 },
    { route: 'GET /api/admin/analytics/export.pdf', url: () => '/api/admin/analytics/export.pdf', admin: 200 },
    { route: 'GET /api/admin/seo/pages', url: () => '/api/admin/seo/pages', admin: 200 },
    {
      route: 'PUT /api/admin/seo/pages',
      url: () => '/api/admin/seo/pages',
      payload: () => ({ path: '/pricing', title: 'Plans', description: 'Prices in PKR.' }),
      admin: 200,
    },
    { route: 'DELETE /api/admin/seo/pages', url: () => '/api/admin/seo/pages?path=%2Fpricing', admin: 200 },
    { route: 'GET /api/admin/texts', url: () => '/api/admin/texts', admin: 200 },
    {
      route: 'PUT /api/admin/texts/:language/:key',
      url: () => '/api/admin/texts/ur/common:footer.tagline',
      payload: () => ({ value: 'Stamps, extra spicy.' }),
      admin: 200,
    },
    {
      route: 'DELETE /api/admin/texts/:language/:key',
      url: () => '/api/admin/texts/ur/common:footer.tagline',
      admin: 200,
    },
    { route: 'GET /api/admin/integrations', url: () => '/api/admin/integrations', admin: 200 },
    { route: 'GET /api/admin/webhook-deliveries', url: () => '/api/admin/webhook-deliveries', admin: 200 },
    { route: 'GET /api/admin/api-keys', url: () => '/api/admin/api-keys', admin: 200 },
    {
      route: 'POST /api/admin/api-keys',
      url: () => '/api/admin/api-keys',
      payload: () => ({ vendorId: ids.vendor, name: 'Website' }),
      admin: 201,
    },
    { route: 'POST /api/admin/api-keys/:id/revoke', url: () => `/api/admin/api-keys/${ids.apiKey}/revoke`, admin: 200 },
    { route: 'GET /api/admin/social', url: () => '/api/admin/social', admin: 200 },
    {
      route: 'PUT /api/admin/social/schedule',
      url: () => '/api/admin/social/schedule',
      payload: () => ({
        enabled: false,
        facebook: true,
        instagram: true,
        dailyPostTime: '10:00',
        postHourlyDeals: true,
      }),
      admin: 200,
    },
    { route: 'GET /api/admin/social/posts', url: () => '/api/admin/social/posts', admin: 200 },
    // No network is configured in this app: a 409, past the guard.
    { route: 'POST /api/admin/social/post-now', url: () => '/api/admin/social/post-now', admin: 409 },
    {
      route: 'POST /api/admin/social/posts/:id/retry',
      url: () => '/api/admin/social/posts/00000000-0000-4000-8000-000000000000/retry',
      admin: 404,
    },
    { route: 'GET /api/admin/support/conversations', url: () => '/api/admin/support/conversations', admin: 200 },
    {
      route: 'GET /api/admin/support/conversations/:id',
      url: () => `/api/admin/support/conversations/${ids.supportConversation}`,
      admin: 200,
    },
    {
      route: 'POST /api/admin/support/conversations/:id/answers',
      url: () => `/api/admin/support/conversations/${ids.supportConversation}/answers`,
      payload: () => ({ message: 'Please show the counter code again.' }),
      admin: 200,
    },
    {
      route: 'POST /api/admin/support/conversations/:id/close',
      url: () => `/api/admin/support/conversations/${ids.supportConversation}/close`,
      admin: 200,
    },
    { route: 'GET /api/admin/support/templates', url: () => '/api/admin/support/templates', admin: 200 },
    {
      route: 'POST /api/admin/support/templates',
      url: () => '/api/admin/support/templates',
      payload: () => ({ title: 'Welcome', bodyEn: 'Welcome!', bodyUr: 'خوش آمدید!' }),
      admin: 201,
    },
    {
      route: 'PUT /api/admin/support/templates/:id',
      url: () => `/api/admin/support/templates/${ids.supportTemplate}`,
      payload: () => ({ title: 'Thank you', bodyEn: 'Thank you.', bodyUr: 'شکریہ۔' }),
      admin: 200,
    },
    {
      route: 'DELETE /api/admin/support/templates/:id',
      url: () => `/api/admin/support/templates/${ids.supportTemplate}`,
      admin: 200,
    },
  ];

  /** The billing module's admin-only sandbox trigger lives outside the admin module; an unknown vendor is a 404 past the guard. */
  const otherAdminCases: Case[] = [
    {
      route: 'POST /api/billing/sandbox/events',
      url: () => '/api/billing/sandbox/events',
      payload: () => ({ vendorId: '00000000-0000-4000-8000-000000000000', type: 'renewal_paid' }),
      admin: 404,
    },
  ];
  const allCases = [...cases, ...otherAdminCases];

  function send(testCase: Case, cookie?: string) {
    const [method] = testCase.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
    return context.app.inject({
      method,
      url: testCase.url(),
      headers: cookie ? { cookie } : {},
      ...(testCase.payload ? { payload: testCase.payload() } : {}),
    });
  }

  it('lists every /api/admin route of the app, whichever domain registers it', async () => {
    const { result: probe, routes } = await captureRouteTable(() =>
      buildApp({ config: context.config, database: context.database, logger: false, clock: context.clock }),
    );
    await probe.close();
    const adminRoutes = routes.filter((route) => route.url.startsWith('/api/admin')).map(routeName);
    expect(adminRoutes.sort()).toEqual(cases.map((testCase) => testCase.route).sort());
  });

  it.each(allCases.map((testCase) => [testCase.route, testCase] as const))(
    '%s: 401 for a visitor',
    async (_route, testCase) => {
      const response = await send(testCase);
      expect(response.statusCode).toBe(401);
    },
  );

  it.each(allCases.map((testCase) => [testCase.route, testCase] as const))(
    '%s: 403 for a customer and a vendor',
    async (_route, testCase) => {
      expect((await send(testCase, people.customer.cookie)).statusCode).toBe(403);
      const asVendor = await send(testCase, people.vendor.cookie);
      expect(asVendor.statusCode).toBe(403);
      expect(asVendor.json().error.code).toBe('forbidden');
    },
  );

  it.each(allCases.map((testCase) => [testCase.route, testCase] as const))(
    '%s: allowed for an admin',
    async (_route, testCase) => {
      const response = await send(testCase, people.admin.cookie);
      expect(response.statusCode, response.body).toBe(testCase.admin);
    },
  );
});
