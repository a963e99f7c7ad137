import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignAudienceQuerySchema,
  campaignAudienceSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignSchema,
  createCampaignSchema,
} from '@shared/campaigns/campaigns';
import * as campaignsApi from '@shared/campaigns/contract';
import { planRequired, tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serve } from '@server/lib/serve-route';
import { actorOf } from '@server/lib/record-audit';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { loadVendor } from '@server/modules/billing/vendor-plan';
import { requireVendorMember } from '@server/plugins/authentication';
import { countAudience, countAudienceByPhone } from './campaign-audience';
import { vendorMessagesThisMonth } from '@server/modules/notifications/text-notice-job';
import { CAMPAIGN_LINK_PATH, campaignLinkTarget, verifyCampaignLink } from './campaign-link';
import { campaignsLockedMessage, cancelCampaign, createCampaign, listCampaigns, openCampaignLink } from './campaigns';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** A composer counts as the vendor types: generous, but not a way to hammer the database. */
export const AUDIENCE_COUNTS_PER_MINUTE = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Campaigns are the owner's: staff work the counter, they do not write to every customer. */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const now = () => app.deps.clock.now();

  serve(app, campaignsApi.list, { schema: { response: { 200: campaignListSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request, { ownerOnly: true });
    return listCampaigns(db(), viewer.membership.vendorId, now());
  });

  serve(
    app,
    campaignsApi.audience,
    { schema: { querystring: campaignAudienceQuerySchema, response: { 200: campaignAudienceSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      const vendorId = viewer.membership.vendorId;
      const limits = planLimitsForVendor(await loadVendor(db(), vendorId));
      const locked = campaignsLockedMessage(limits);
      if (locked) throw planRequired(locked);
      const limit = await consumeRateLimit(
        db(),
        `campaign-audience:${vendorId}`,
        AUDIENCE_COUNTS_PER_MINUTE,
        60_000,
        now(),
      );
      if (!limit.allowed)
        throw tooManyRequests('Too many recipient counts. Please wait a minute.', limit.retryAfterSeconds);
      const spec = { vendorId, segment: request.query.segment, lapsedDays: request.query.lapsedDays ?? null };
      const recipients = await countAudience(db(), spec, now());
      // A channel this server has no provider for sends nothing.
      const { prices } = app.deps.config.textMessages;
      const channels = app.deps.textMessages?.channels ?? { whatsapp: false, sms: false };
      const byPhone = await countAudienceByPhone(db(), spec, channels, now());
      const used = await vendorMessagesThisMonth(db(), vendorId, now());
      return {
        recipients,
        byPhone: {
          ...byPhone,
          leftThisMonth: Math.max(0, limits.phoneMessagesPerMonth - used),
          whatsappPaisa: prices.whatsappMarketing,
          smsPartPaisa: prices.smsPart,
        },
      };
    },
  );

  serve(
    app,
    campaignsApi.create,
    {
      config: { budget: { per: 'vendor', max: 20, windowMs: MINUTE_MS } },
      schema: { body: createCampaignSchema, response: { 201: campaignSchema } },
    },
    async (request, reply) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      const campaign = await createCampaign(
        db(),
        { vendorId: viewer.membership.vendorId, actor: actorOf(viewer), campaign: request.body },
        now(),
      );
      return reply.status(201).send(campaign);
    },
  );

  serve(
    app,
    campaignsApi.cancel,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { params: campaignIdParamsSchema, response: { 200: campaignSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return cancelCampaign(
        db(),
        { vendorId: viewer.membership.vendorId, actor: actorOf(viewer), campaignId: request.params.campaignId },
        now(),
      );
    },
  );

  // The tracked link of a campaign e-mail: counts the open and redirects to the vendor's page on
  // this site. It carries no destination, so it cannot send anyone elsewhere; a link that is not
  // ours (bad id or signature) goes to the home page and counts nothing.
  app.get(
    `${CAMPAIGN_LINK_PATH.replace(/^\/api/, '')}/:recipientId`,
    {
      schema: {
        params: z.object({ recipientId: z.string().max(100) }),
        querystring: z.object({ t: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { publicUrl, sessionSecret } = app.deps.config;
      const { recipientId } = request.params;
      const token = request.query.t ?? '';
      let slug: string | null = null;
      if (UUID.test(recipientId) && verifyCampaignLink(sessionSecret, recipientId, token))
        slug = await openCampaignLink(db(), recipientId, now());
      reply.header('cache-control', 'no-store');
      return reply.redirect(campaignLinkTarget(publicUrl, slug), 302);
    },
  );
};
