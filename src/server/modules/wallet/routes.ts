import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleSaveLinkSchema, walletAvailabilitySchema, walletCardParamsSchema } from '@shared/wallet/wallet';
import * as walletApi from '@shared/wallet/contract';
import { notFound } from '@server/errors';
import { serve } from '@server/lib/serve-route';
import { serverText } from '@server/lib/texts';
import { requireViewer } from '@server/plugins/authentication';
import { buildApplePass, PKPASS_MEDIA_TYPE } from './apple-pass';
import { appleWebServiceRoutes } from './apple-web-service';
import { googleSaveUrl } from './google-wallet';
import { ensureWalletPass, loadPassContent } from './wallet-passes';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/**
 * The customer's Wallet passes (decision 041): which wallets are on, the Apple pass of a held
 * card as a file, the "Save to Google Wallet" link; and Apple's pass web service for devices.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = () => database.db;

  serve(app, walletApi.availability, { schema: { response: { 200: walletAvailabilitySchema } } }, async (request) => {
    await requireViewer(request);
    return { apple: Boolean(config.wallet.apple), google: Boolean(config.wallet.google) };
  });

  /** The held card's pass, signed: Safari on an iPhone opens it in Wallet. */
  app.get(
    '/api/wallet/cards/:userCardId/apple.pkpass',
    { schema: { params: walletCardParamsSchema } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const apple = config.wallet.apple;
      if (!apple) throw notFound(serverText('customer:wallet.appleOff'), 'wallet_off');
      const now = app.deps.clock.now();
      const pass = await ensureWalletPass(db(), { userId: viewer.userId, userCardId: request.params.userCardId }, now);
      const content = await loadPassContent(db(), config.sessionSecret, { passId: pass.id }, now);
      if (!content) throw notFound(serverText('customer:wallet.cardNotFound'));
      const file = await buildApplePass(content, {
        apple,
        publicUrl: config.publicUrl,
        sessionSecret: config.sessionSecret,
      });
      return reply
        .type(PKPASS_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${content.vendorSlug}.pkpass"`)
        .header('cache-control', 'no-store')
        .header('last-modified', content.updatedAt.toUTCString())
        .send(file);
    },
  );

  serve(
    app,
    walletApi.googleSaveLink,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { params: walletCardParamsSchema, response: { 200: googleSaveLinkSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const google = config.wallet.google;
      if (!google) throw notFound(serverText('customer:wallet.googleOff'), 'wallet_off');
      const now = app.deps.clock.now();
      const pass = await ensureWalletPass(db(), { userId: viewer.userId, userCardId: request.params.userCardId }, now, {
        googleLinked: true,
      });
      const content = await loadPassContent(db(), config.sessionSecret, { passId: pass.id }, now);
      if (!content) throw notFound(serverText('customer:wallet.cardNotFound'));
      reply.header('cache-control', 'no-store');
      return { saveUrl: await googleSaveUrl(google, content, { publicUrl: config.publicUrl, now }) };
    },
  );

  await app.register(appleWebServiceRoutes);
};
