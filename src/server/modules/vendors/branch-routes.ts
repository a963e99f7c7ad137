import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressMatchesSchema,
  addressSearchQuerySchema,
  branchIdParamsSchema,
  branchInputSchema,
  branchListSchema,
  branchSchema,
} from '@shared/vendors/branches';
import * as vendorsApi from '@shared/vendors/contract';
import { serve } from '@server/lib/serve-route';
import { actorOf } from '@server/lib/record-audit';
import { requireVendorMember } from '@server/plugins/authentication';
import { MINUTE_MS } from '@server/plugins/write-budgets';
import { addBranch, archiveBranch, listBranches, resumeBranch, updateBranch } from './branches';
import { searchAddress } from './search-address';

const BRANCH_WRITES = { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } } as const;

/** A vendor's branches (decision 084): every member reads them, the owner changes them. */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, vendorsApi.branches, { schema: { response: { 200: branchListSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return listBranches(
      db(),
      { vendorId: viewer.membership.vendorId, userId: viewer.userId },
      { mapTiles: app.deps.config.mapTiles, addressSearch: app.deps.config.geocoderUrl !== null },
    );
  });

  // The branch form's address search (decision 084): the server asks the geocoder, so the browser
  // never talks to a third party; counted per owner, as each search costs the geocoder's quota.
  serve(
    app,
    vendorsApi.searchBranchAddress,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { querystring: addressSearchQuerySchema, response: { 200: addressMatchesSchema } },
    },
    async (request) => {
      await requireVendorMember(request, { ownerOnly: true });
      return searchAddress(
        { geocoderUrl: app.deps.config.geocoderUrl, publicUrl: app.deps.config.publicUrl },
        request.query.q,
      );
    },
  );

  serve(
    app,
    vendorsApi.addBranch,
    { config: BRANCH_WRITES, schema: { body: branchInputSchema, response: { 201: branchSchema } } },
    async (request, reply) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      const branch = await addBranch(
        db(),
        { vendorId: viewer.membership.vendorId, actor: actorOf(viewer), input: request.body },
        app.deps.clock.now(),
      );
      return reply.status(201).send(branch);
    },
  );

  serve(
    app,
    vendorsApi.updateBranch,
    {
      config: BRANCH_WRITES,
      schema: { params: branchIdParamsSchema, body: branchInputSchema, response: { 200: branchSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return updateBranch(
        db(),
        {
          vendorId: viewer.membership.vendorId,
          actor: actorOf(viewer),
          branchId: request.params.id,
          input: request.body,
        },
        app.deps.clock.now(),
      );
    },
  );

  for (const [route, action] of [
    [vendorsApi.archiveBranch, archiveBranch],
    [vendorsApi.resumeBranch, resumeBranch],
  ] as const) {
    serve(
      app,
      route,
      { config: BRANCH_WRITES, schema: { params: branchIdParamsSchema, response: { 200: branchSchema } } },
      async (request) => {
        const viewer = await requireVendorMember(request, { ownerOnly: true });
        return action(
          db(),
          { vendorId: viewer.membership.vendorId, actor: actorOf(viewer), branchId: request.params.id },
          app.deps.clock.now(),
        );
      },
    );
  }
};
