import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_DEVICES_PER_USER,
  deviceListSchema,
  deviceParamsSchema,
  enrolDeviceRequestSchema,
  enrolledDeviceSchema,
} from '@shared/stamps/devices';
import * as stampsApi from '@shared/stamps/contract';
import { okSchema } from '@shared/ok';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serve } from '@server/lib/serve-route';
import { requireViewer } from '@server/plugins/authentication';
import { enrolDevice } from './enrol-device';
import { listDevices } from './list-devices';
import { unlockDeviceCodes } from './read-device-code';
import { removeDevice } from './remove-device';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** Enrolment attempts per person per hour: a phone enrols once; a loop of enrol and remove is not a use. */
const ENROLMENTS_PER_HOUR = 2 * MAX_DEVICES_PER_USER;

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;

  /**
   * Signed in: the devices that show offline codes for this account. A phone reads it whenever it
   * is online (My QR, /user): that is its sync, so codes locked by wrong guesses work again.
   */
  serve(app, stampsApi.listDevices, { schema: { response: { 200: deviceListSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    const list = await listDevices(db, viewer.userId);
    await unlockDeviceCodes(
      db,
      list.map((device) => device.id),
    );
    return { devices: list };
  });

  /** Signed in: enrol this device; the answer carries its secret, once, and is never stored by caches. */
  serve(
    app,
    stampsApi.enrolDevice,
    {
      config: { budget: { handledBy: 'stamps/device-routes.ts: ENROLMENTS_PER_HOUR per customer' } },
      schema: { body: enrolDeviceRequestSchema, response: { 201: enrolledDeviceSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const now = clock.now();
      const limit = await consumeRateLimit(db, `device-enrol:${viewer.userId}`, ENROLMENTS_PER_HOUR, 3_600_000, now);
      if (!limit.allowed) {
        throw tooManyRequests(
          'Too many devices enrolled in the last hour. Please try again later.',
          limit.retryAfterSeconds,
        );
      }
      const enrolled = await enrolDevice(db, viewer.userId, request.body, now);
      return reply.status(201).header('cache-control', 'no-store').send(enrolled);
    },
  );

  /** Signed in: remove one of their devices; its codes stop working at once. */
  serve(
    app,
    stampsApi.removeDevice,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { params: deviceParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await removeDevice(db, viewer.userId, request.params.deviceId);
      return { ok: true as const };
    },
  );
};
