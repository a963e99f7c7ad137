import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '@shared/ok';
import { dashboardQuerySchema, vendorDashboardSchema } from '@shared/vendors/vendor-dashboard';
import { kioskPinSchema, kioskSettingsSchema } from '@shared/vendors/kiosk';
import {
  changePasswordSchema,
  closeAccountSchema,
  closedAccountSchema,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  staffInviteSchema,
  staffListSchema,
  vendorProfileResponseSchema,
  vendorProfileSchema,
} from '@shared/vendors/vendor-profile';
import { badRequest, invalidFields, tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { requireVendorMember, requireViewer } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { headersOf, readAuthResponse } from '@server/modules/accounts/better-auth-bridge';
import { enforceAuthRateLimit } from '@server/modules/accounts/rate-limit-auth';
import { pakistanDateKey } from '@shared/pakistan-time';
import { getVendorDashboard } from './get-vendor-dashboard';
import { checkKioskPin, getKioskSettings, setKioskPin } from './kiosk-pin';
import { createPaymentProvider } from '@server/modules/billing/create-payment-provider';
import { closeVendorAccount, exportBusinessData } from './vendor-account';
import { loadVendor } from '@server/modules/billing/vendor-plan';
import { presentVendorProfile, updateVendorProfile } from './vendor-profile';
import {
  acceptInvitation,
  inviteStaff,
  listStaff,
  previewInvitation,
  removeStaffMember,
  revokeInvitation,
  setStaffBranches,
} from './vendor-staff';
import { staffBranchesSchema } from '@shared/vendors/branches';
import * as vendorsApi from '@shared/vendors/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS, HOUR_MS } from '@server/plugins/write-budgets';

const INVITES_PER_DAY = 20;

/**
 * Dashboard, profile, account settings and team. Owner and staff read the dashboard and the
 * profile; only the owner changes the profile, the team or the account.
 */
export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  /** Close Account ends the subscription with the provider in use. */
  const provider = createPaymentProvider(app.deps.config);

  serve(
    app,
    vendorsApi.dashboard,
    { schema: { querystring: dashboardQuerySchema, response: { 200: vendorDashboardSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return getVendorDashboard(
        db(),
        {
          vendorId: viewer.membership.vendorId,
          role: viewer.membership.role,
          range: request.query.range,
          branchId: request.query.branchId,
        },
        app.deps.clock.now(),
      );
    },
  );

  serve(app, vendorsApi.profile, { schema: { response: { 200: vendorProfileResponseSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return presentVendorProfile(await loadVendor(db(), viewer.membership.vendorId));
  });

  serve(
    app,
    vendorsApi.updateProfile,
    {
      config: { budget: { per: 'vendor', max: 20, windowMs: MINUTE_MS } },
      schema: { body: vendorProfileSchema, response: { 200: vendorProfileResponseSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return updateVendorProfile(
        db(),
        { vendorId: viewer.membership.vendorId, actor: actorOf(viewer), profile: request.body },
        app.deps.clock.now(),
      );
    },
  );

  // Any member changes their own password here; Better Auth checks the current one, after the
  // attempt is counted like every other door that checks a password (per IP and per account).
  serve(
    app,
    vendorsApi.changePassword,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: changePasswordSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const viewer = await requireVendorMember(request, { allowUnapproved: true });
      await enforceAuthRateLimit(request, 'change-password', viewer.email);
      const response = await app.deps.auth.api.changePassword({
        body: {
          currentPassword: request.body.currentPassword,
          newPassword: request.body.newPassword,
          revokeOtherSessions: true,
        },
        headers: headersOf(request),
        asResponse: true,
      });
      if (!response.ok) {
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: string };
        if (body.code === 'INVALID_PASSWORD') {
          throw invalidFields('Your current password is not correct.', {
            currentPassword: 'Your current password is not correct.',
          });
        }
        if (body.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
          throw badRequest('Your account signs in with Google, so it has no password to change.');
        }
      }
      await readAuthResponse(response, reply);
      return { ok: true as const };
    },
  );

  // The counter tablet (kiosk mode): every member reads whether a PIN is set; only the owner sets it.
  serve(app, vendorsApi.kioskSettings, { schema: { response: { 200: kioskSettingsSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return getKioskSettings(db(), viewer.membership.vendorId);
  });

  serve(
    app,
    vendorsApi.setKioskPin,
    {
      config: { budget: { per: 'vendor', max: 10, windowMs: HOUR_MS } },
      schema: { body: kioskPinSchema, response: { 200: kioskSettingsSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return setKioskPin(db(), app.deps.config.sessionSecret, {
        vendorId: viewer.membership.vendorId,
        actor: actorOf(viewer),
        pin: request.body.pin,
        now: app.deps.clock.now(),
      });
    },
  );

  // A PIN has as few as 10,000 values: every try is counted first, per address and per vendor,
  // like every door that checks a password, so guessing at the counter runs out long before it.
  serve(
    app,
    vendorsApi.checkKioskPin,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: kioskPinSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request);
      await enforceAuthRateLimit(request, 'kiosk-pin', `vendor:${viewer.membership.vendorId}`);
      await checkKioskPin(db(), app.deps.config.sessionSecret, {
        vendorId: viewer.membership.vendorId,
        pin: request.body.pin,
      });
      return { ok: true as const };
    },
  );

  app.get('/vendor/account/export', async (request, reply) => {
    const viewer = await requireVendorMember(request, { ownerOnly: true });
    const now = app.deps.clock.now();
    const data = await exportBusinessData(db(), viewer.membership.vendorId, actorOf(viewer), now);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="chaska-business-data-${data.vendor.slug}-${pakistanDateKey(now)}.json"`,
      )
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });

  serve(
    app,
    vendorsApi.closeAccount,
    {
      config: { budget: { per: 'vendor', max: 5, windowMs: HOUR_MS } },
      schema: { body: closeAccountSchema, response: { 200: closedAccountSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return closeVendorAccount(db(), provider, {
        vendorId: viewer.membership.vendorId,
        actor: actorOf(viewer),
        now: app.deps.clock.now(),
        log: request.log,
      });
    },
  );

  serve(app, vendorsApi.staff, { schema: { response: { 200: staffListSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request, { ownerOnly: true });
    return listStaff(db(), viewer.membership.vendorId, app.deps.clock.now());
  });

  serve(
    app,
    vendorsApi.inviteStaff,
    {
      config: { budget: { handledBy: 'vendors/routes.ts: INVITES_PER_DAY per vendor' } },
      schema: { body: staffInviteSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      const now = app.deps.clock.now();
      const limit = await consumeRateLimit(
        db(),
        `staff-invite:${viewer.membership.vendorId}`,
        INVITES_PER_DAY,
        86_400_000,
        now,
      );
      if (!limit.allowed)
        throw tooManyRequests(
          `You can send up to ${INVITES_PER_DAY} invitations a day. Please try again tomorrow.`,
          limit.retryAfterSeconds,
        );
      await inviteStaff(
        { db: db(), email: app.deps.email, publicUrl: app.deps.config.publicUrl },
        { owner: viewer, actor: actorOf(viewer), email: request.body.email },
        now,
      );
      return { ok: true as const };
    },
  );

  serve(
    app,
    vendorsApi.revokeInvitation,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { params: z.object({ id: z.uuid({ error: 'Invitation not found.' }) }), response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      await revokeInvitation(db(), viewer.membership.vendorId, actorOf(viewer), request.params.id);
      return { ok: true as const };
    },
  );

  serve(
    app,
    vendorsApi.removeStaffMember,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { params: z.object({ userId: z.string().min(1).max(100) }), response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      await removeStaffMember(db(), viewer.membership.vendorId, actorOf(viewer), request.params.userId);
      return { ok: true as const };
    },
  );

  serve(
    app,
    vendorsApi.setStaffBranches,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: {
        params: z.object({ userId: z.string().min(1).max(100) }),
        body: staffBranchesSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      await setStaffBranches(db(), {
        vendorId: viewer.membership.vendorId,
        actor: actorOf(viewer),
        userId: request.params.userId,
        branchIds: request.body.branchIds,
      });
      return { ok: true as const };
    },
  );

  // The token travels in a POST body, not a URL, so it never lands in access logs.
  serve(
    app,
    vendorsApi.previewInvitation,
    {
      config: { budget: { handledBy: 'vendors/routes.ts: invite-preview, 30 a minute per address' } },
      schema: { body: invitationTokenSchema, response: { 200: invitationPreviewSchema } },
    },
    async (request) => {
      const now = app.deps.clock.now();
      const limit = await consumeRateLimit(db(), `invite-preview:${request.ip}`, 30, 60_000, now);
      if (!limit.allowed)
        throw tooManyRequests('Too many attempts. Please wait a minute and try again.', limit.retryAfterSeconds);
      return previewInvitation(db(), request.body.token, now);
    },
  );

  serve(
    app,
    vendorsApi.acceptInvitation,
    {
      config: { budget: { per: 'user', max: 10, windowMs: MINUTE_MS } },
      schema: { body: invitationTokenSchema, response: { 200: invitationAcceptedSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return acceptInvitation(db(), viewer, request.body.token, app.deps.clock.now());
    },
  );
};
