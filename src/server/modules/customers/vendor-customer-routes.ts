import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDetailSchema,
  customerFiltersSchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerListSchema,
  customersSummarySchema,
  messageCustomerResultSchema,
  messageCustomerSchema,
} from '@shared/customers/vendor-customers';
import { requireVendorMember } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { toCsv } from '@server/lib/csv';
import { isUnreachableEmail, nationalPhoneNumber, phoneOfAccountEmail } from '@shared/accounts/phone';
import { pakistanDateKey } from '@shared/pakistan-time';
import { loadVendor } from '@server/modules/billing/vendor-plan';
import { customerBranchNames, queryCustomers } from './customer-queries';
import { getCustomersSummary } from './customers-summary';
import { getCustomerDetail } from './get-customer-detail';
import { messageCustomer } from './message-customer';
import * as customersApi from '@shared/customers/contract';
import { serve } from '@server/lib/serve-route';

/** The most rows one export holds; a vendor with more filters first. */
const EXPORT_LIMIT = 100_000;

/** Owner and staff see and message the vendor's own customers; the export is the owner's. */
export const vendorCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(
    app,
    customersApi.list,
    { schema: { querystring: customerListQuerySchema, response: { 200: customerListSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      const { page, pageSize, ...filters } = request.query;
      const result = await queryCustomers(
        db(),
        {
          vendorId: viewer.membership.vendorId,
          filters,
          page: { limit: pageSize, offset: (page - 1) * pageSize },
        },
        app.deps.clock.now(),
      );
      return { ...result, page, pageSize };
    },
  );

  serve(app, customersApi.summary, { schema: { response: { 200: customersSummarySchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return getCustomersSummary(db(), viewer.membership.vendorId, app.deps.clock.now());
  });

  app.get(
    '/vendor/customers/export.csv',
    { schema: { querystring: customerFiltersSchema } },
    async (request, reply) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      const now = app.deps.clock.now();
      const vendor = await loadVendor(db(), viewer.membership.vendorId);
      const { customers } = await queryCustomers(
        db(),
        { vendorId: vendor.id, filters: request.query, page: { limit: EXPORT_LIMIT, offset: 0 } },
        now,
      );
      const branchesOf = await customerBranchNames(db(), vendor.id);
      const csv = toCsv([
        ['Name', 'E-mail', 'Phone', 'Cards', 'Stamps', 'Rewards', 'Status', 'Joined', 'Last activity', 'Branches'],
        ...customers.map((customer) => [
          customer.name,
          // A phone account's address is a placeholder (its number goes in the phone column), and a closed account's.
          isUnreachableEmail(customer.email) ? '' : customer.email,
          customer.phone ?? nationalOrNull(phoneOfAccountEmail(customer.email)),
          customer.cards,
          customer.stamps,
          customer.rewards,
          customer.status === 'active' ? 'Active' : 'Inactive',
          pakistanDateKey(new Date(customer.joinedAt)),
          pakistanDateKey(new Date(customer.lastActivityAt)),
          branchesOf.get(customer.userId) ?? '',
        ]),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="chaska-customers-${vendor.slug}-${pakistanDateKey(now)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  serve(
    app,
    customersApi.detail,
    { schema: { params: customerIdParamsSchema, response: { 200: customerDetailSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return getCustomerDetail(db(), viewer.membership.vendorId, request.params.userId);
    },
  );

  serve(
    app,
    customersApi.message,
    {
      config: { budget: { handledBy: 'customers/message-customer.ts: daily limits per vendor and customer' } },
      schema: {
        params: customerIdParamsSchema,
        body: messageCustomerSchema,
        response: { 200: messageCustomerResultSchema },
      },
    },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return messageCustomer(
        app.deps,
        {
          vendorId: viewer.membership.vendorId,
          actor: actorOf(viewer),
          userId: request.params.userId,
          message: request.body,
        },
        app.deps.clock.now(),
      );
    },
  );
};

const nationalOrNull = (phone: string | null) => (phone ? nationalPhoneNumber(phone) : null);
