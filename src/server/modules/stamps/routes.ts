import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardCodeSchema,
  collectStampRequestSchema,
  counterCodeQuerySchema,
  customerCodeLookupRequestSchema,
  heldCounterCodeSchema,
  holdCounterCodeRequestSchema,
  phoneLookupRequestSchema,
  phoneStampRequestSchema,
  customerCodeLookupSchema,
  issueStampRequestSchema,
  rotatingCodeSchema,
  stampResultSchema,
} from '@shared/stamps/stamps';
import * as stampsApi from '@shared/stamps/contract';
import { serve } from '@server/lib/serve-route';
import { requireVendorMember, requireViewer } from '@server/plugins/authentication';
import { collectStampWithCode } from './collect-stamp-with-code';
import { memberAtCounter } from './counter-actor';
import { issueStampFromCustomerCode } from './issue-stamp-from-customer-code';
import { lookupCustomerCode } from './lookup-customer-code';
import { mintCounterCode, mintCustomerCode, mintDemoCode } from './mint-stamp-codes';
import { presentStampResult } from './present-stamp-result';
import { holdCounterCode } from './hold-counter-code';
import { approveLargeOrder, assertCounterCodeNeedsNoPin } from './large-order-pin';
import { lookupCustomerByPhone, stampByPhone } from './stamp-by-phone';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { tooManyRequests } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { stampCodeSettings } from './stamp-code-settings';
import { deviceOf, recordDevice } from '@server/modules/stamps/device-cookie';
import { MINUTE_MS } from '@server/plugins/write-budgets';

export const stampRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock } = app.deps;
  const settings = stampCodeSettings(config);
  const db = database.db;

  /** The order without its PIN, once a large one has the shop's PIN (decision 086). */
  async function approvedOrder<Order extends { quantity: number; pin?: string | undefined }>(
    staff: Awaited<ReturnType<typeof requireVendorMember>>,
    { pin, ...order }: Order,
    now: Date,
  ): Promise<Omit<Order, 'pin'>> {
    await approveLargeOrder(db, config.sessionSecret, {
      vendorId: staff.membership.vendorId,
      staffUserId: staff.userId,
      quantity: order.quantity,
      ...(pin ? { pin } : {}),
      now,
    });
    return order;
  }

  /** Customer: collect a stamp with a counter code, scanned (QR payload) or typed (XXXX-XXXX). */
  serve(
    app,
    stampsApi.collectStamp,
    {
      config: {
        budget: { handledBy: 'stamps/read-code.ts: a counter code gives one stamp; typed codes are rate limited' },
      },
      schema: { body: collectStampRequestSchema, response: { 200: stampResultSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const now = clock.now();
      // The phone at the counter is the customer's: what referrals call the same device (decision 038).
      const device = deviceOf(request, reply);
      const outcome = await collectStampWithCode(
        db,
        settings,
        { customer: viewer, code: request.body.code, device },
        now,
      );
      await recordDevice(db, request.log, { userId: viewer.userId, device, now });
      return presentStampResult(outcome);
    },
  );

  /**
   * Anyone (signed out): a counter link opened on a phone before signing in. Uses the counter
   * code up and answers a held code for the same card, for this phone to collect with once
   * signed in (hold-counter-code.ts). Limited per address: each hold rotates a counter screen.
   */
  serve(
    app,
    stampsApi.holdCounterCode,
    {
      config: { budget: { handledBy: 'stamps/routes.ts: hold-code per address, RATE_LIMIT_MAX a minute' } },
      schema: { body: holdCounterCodeRequestSchema, response: { 200: heldCounterCodeSchema } },
    },
    async (request) => {
      const now = clock.now();
      const limit = await consumeRateLimit(db, `hold-code:ip:${request.ip}`, config.rateLimitMax, 60_000, now);
      if (!limit.allowed)
        throw tooManyRequests(
          serverText('auth:error.waitSeconds', { count: limit.retryAfterSeconds }),
          limit.retryAfterSeconds,
        );
      return holdCounterCode(db, settings, request.body.code, now);
    },
  );

  /** Customer: their rotating My QR code; fetch again at refreshAt. */
  serve(
    app,
    stampsApi.myCode,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { response: { 200: rotatingCodeSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return mintCustomerCode(db, settings, viewer.userId, clock.now());
    },
  );

  /** Customer, demo mode only: a counter code for a random card they hold, to collect with. */
  serve(
    app,
    stampsApi.demoCode,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { response: { 200: cardCodeSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return mintDemoCode(db, settings, viewer.userId, clock.now());
    },
  );

  /**
   * Vendor staff (owner or staff of an approved vendor): the rotating counter code for one of
   * the vendor's active cards (`?quantity=4`: a code for an order of several stamps, where the
   * vendor allows it). The screen shows `code.qrPayload` as a QR and `code.typedCode`
   * for customers without a camera, and fetches a new code at `code.refreshAt`. Another
   * vendor's card, or an unknown id, answers 404; a paused or draft card 409.
   */
  serve(
    app,
    stampsApi.counterCode,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: {
        params: z.object({ cardId: z.uuid({ error: 'Loyalty card not found' }) }),
        querystring: counterCodeQuerySchema,
        response: { 200: cardCodeSchema },
      },
    },
    async (request) => {
      const staff = await requireVendorMember(request);
      await assertCounterCodeNeedsNoPin(db, staff.membership.vendorId, request.query.quantity);
      const counter = await memberAtCounter(db, staff, request.query.branchId);
      return mintCounterCode(
        db,
        settings,
        {
          vendorId: counter.vendorId,
          cardId: request.params.cardId,
          quantity: request.query.quantity,
          branchId: counter.branchId,
        },
        clock.now(),
      );
    },
  );

  /**
   * Vendor staff: read a customer's My QR code (QR payload or typed) before issuing, to show the
   * customer's first name and their progress on each active card of the vendor.
   */
  serve(
    app,
    stampsApi.lookupCustomerCode,
    {
      config: { budget: { per: 'vendor', max: 120, windowMs: MINUTE_MS } },
      schema: { body: customerCodeLookupRequestSchema, response: { 200: customerCodeLookupSchema } },
    },
    async (request) => {
      const staff = await requireVendorMember(request);
      // The response schema keeps the customer's id out of the counter screen's answer.
      return lookupCustomerCode(
        db,
        settings,
        {
          staff: await memberAtCounter(db, staff),
          customerCode: request.body.customerCode,
        },
        clock.now(),
      );
    },
  );

  /**
   * Vendor staff: issue one stamp on `cardId` (a card of their vendor) to the customer named by
   * `customerCode`. Answers like the customer's collect: { stamp, reward, userCard, message }.
   * A customer code gives one stamp per card; refusals carry a message to show as is.
   */
  serve(
    app,
    stampsApi.issueStamp,
    {
      config: {
        budget: {
          handledBy: 'stamps/stamp-card.ts: a customer code gives one stamp per card; typed codes counted per vendor',
        },
      },
      schema: { body: issueStampRequestSchema, response: { 200: stampResultSchema } },
    },
    async (request) => {
      const staff = await requireVendorMember(request);
      const now = clock.now();
      const order = await approvedOrder(staff, request.body, now);
      const { outcome } = await issueStampFromCustomerCode(
        db,
        settings,
        {
          staff: await memberAtCounter(db, staff, request.body.branchId),
          ...order,
        },
        now,
      );
      return presentStampResult(outcome, 'staff');
    },
  );

  /**
   * Vendor staff, where the owner allows it: a customer without a smartphone, found by the exact
   * mobile number (never a list), then a stamp that sends them a receipt (stamp-by-phone.ts).
   */
  serve(
    app,
    stampsApi.lookupCustomerByPhone,
    {
      config: { budget: { handledBy: 'stamps/stamp-by-phone.ts: 20 look-ups a minute per vendor' } },
      schema: { body: phoneLookupRequestSchema, response: { 200: customerCodeLookupSchema } },
    },
    async (request) => {
      const staff = await requireVendorMember(request);
      const counter = await memberAtCounter(db, staff);
      return lookupCustomerByPhone(db, counter, request.body.phoneNumber, clock.now());
    },
  );

  serve(
    app,
    stampsApi.stampByPhone,
    {
      // Each sends a message that costs money: a counter's pace, beside the daily cap per customer.
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { body: phoneStampRequestSchema, response: { 200: stampResultSchema } },
    },
    async (request) => {
      const staff = await requireVendorMember(request);
      const counter = await memberAtCounter(db, staff, request.body.branchId);
      const now = clock.now();
      const order = await approvedOrder(staff, request.body, now);
      const outcome = await stampByPhone(db, counter, { ...order, receipts: app.deps.textMessages, now }, request.log);
      return presentStampResult(outcome);
    },
  );
};
