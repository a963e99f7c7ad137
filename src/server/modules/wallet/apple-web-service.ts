import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import { z } from 'zod';
import { users, walletPassRegistrations, walletPasses } from '@server/db/schema';
import { notFound, tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { APPLE_WEB_SERVICE_PATH, buildApplePass, PKPASS_MEDIA_TYPE } from './apple-pass';
import { isPassAuthToken, loadPassContent } from './wallet-passes';

/*
 * Apple's pass web service (Wallet Passes: "Adding a web service to update passes"), called by
 * the devices that hold a pass, never by the app:
 *   POST   /v1/devices/{device}/registrations/{passType}/{serial}   201 registered, 200 already, 401
 *   DELETE /v1/devices/{device}/registrations/{passType}/{serial}   200 unregistered, 401
 *   GET    /v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag}
 *                                                                    200 serials and a new tag, 204 none
 *   GET    /v1/passes/{passType}/{serial}                           200 the pass, 304 unchanged, 401
 *   POST   /v1/log                                                  200
 * A pass authenticates with `Authorization: ApplePass <token>`, the token written into it. A
 * serial this server never issued cannot carry a valid token, so it gets the same 401.
 */

const deviceParam = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'expected a device library identifier');
const passTypeParam = z.string().min(1).max(200);
/** Checked by the handler, so an unknown serial of any shape answers 401 as Apple's protocol says. */
const serialParam = z.string().min(1).max(200);

const registrationParams = z.object({
  deviceLibraryIdentifier: deviceParam,
  passTypeIdentifier: passTypeParam,
  serialNumber: serialParam,
});
const registrationBody = z.object({ pushToken: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/, 'expected a push token') });
const serialsParams = z.object({ deviceLibraryIdentifier: deviceParam, passTypeIdentifier: passTypeParam });
const serialsQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'expected a tag this server gave')
    .optional(),
});
const passParams = z.object({ passTypeIdentifier: passTypeParam, serialNumber: serialParam });
const logBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Log messages one address may send a minute: devices send a few, never a stream. */
const LOG_REQUESTS_PER_MINUTE = 30;

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^ApplePass (\S+)$/.exec(header) : null;
  return match?.[1] ?? null;
}

/** An HTTP date names whole seconds: a pass changed within the second it names is not newer. */
function unchangedSince(request: FastifyRequest, updatedAt: Date): boolean {
  const header = request.headers['if-modified-since'];
  if (typeof header !== 'string') return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(updatedAt.getTime() / 1000) * 1000 <= since;
}

export const appleWebServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = () => database.db;
  const base = `${APPLE_WEB_SERVICE_PATH}/v1`;

  function appleSettings() {
    const apple = config.wallet.apple;
    if (!apple) throw notFound('Apple Wallet is not set up on this server.', 'wallet_off');
    return apple;
  }

  /** The pass the request names, if its type is ours and its token is the pass's; otherwise 401. */
  async function authenticatedPass(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { passTypeIdentifier: string; serialNumber: string },
  ): Promise<{ id: string; userId: string } | null> {
    const apple = appleSettings();
    const token = tokenOf(request);
    const serial = params.serialNumber;
    if (
      params.passTypeIdentifier !== apple.passTypeId ||
      !token ||
      !UUID_PATTERN.test(serial) ||
      !isPassAuthToken(config.sessionSecret, serial, token)
    ) {
      await reply.status(401).send();
      return null;
    }
    // A disabled account's passes are void (deleted with its disabling); its holder is refused too.
    const [pass] = await db()
      .select({ id: walletPasses.id, userId: walletPasses.userId })
      .from(walletPasses)
      .innerJoin(users, eq(users.id, walletPasses.userId))
      .where(and(eq(walletPasses.id, serial), isNull(users.disabledAt)))
      .limit(1);
    if (!pass) {
      await reply.status(401).send();
      return null;
    }
    return pass;
  }

  app.post(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { schema: { params: registrationParams, body: registrationBody } },
    async (request, reply) => {
      const pass = await authenticatedPass(request, reply, request.params);
      if (!pass) return reply;
      const now = app.deps.clock.now();
      const [existing] = await db()
        .select({ id: walletPassRegistrations.id })
        .from(walletPassRegistrations)
        .where(
          and(
            eq(walletPassRegistrations.deviceLibraryId, request.params.deviceLibraryIdentifier),
            eq(walletPassRegistrations.passId, pass.id),
          ),
        )
        .limit(1);
      await db()
        .insert(walletPassRegistrations)
        .values({
          passId: pass.id,
          userId: pass.userId,
          deviceLibraryId: request.params.deviceLibraryIdentifier,
          pushToken: request.body.pushToken,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [walletPassRegistrations.deviceLibraryId, walletPassRegistrations.passId],
          set: { pushToken: request.body.pushToken },
        });
      return reply.status(existing ? 200 : 201).send();
    },
  );

  app.delete(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { schema: { params: registrationParams } },
    async (request, reply) => {
      const pass = await authenticatedPass(request, reply, request.params);
      if (!pass) return reply;
      await db()
        .delete(walletPassRegistrations)
        .where(
          and(
            eq(walletPassRegistrations.deviceLibraryId, request.params.deviceLibraryIdentifier),
            eq(walletPassRegistrations.passId, pass.id),
          ),
        );
      return reply.status(200).send();
    },
  );

  /** The serials of this device's passes changed after the tag; the tag is the newest change, in milliseconds. */
  app.get(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    { schema: { params: serialsParams, querystring: serialsQuery } },
    async (request, reply) => {
      const apple = appleSettings();
      if (request.params.passTypeIdentifier !== apple.passTypeId) return reply.status(204).send();
      const since = request.query.passesUpdatedSince;
      const rows = await db()
        .select({ serial: walletPasses.id, updatedAt: max(walletPasses.updatedAt) })
        .from(walletPassRegistrations)
        .innerJoin(walletPasses, eq(walletPasses.id, walletPassRegistrations.passId))
        .where(
          and(
            eq(walletPassRegistrations.deviceLibraryId, request.params.deviceLibraryIdentifier),
            since === undefined ? undefined : gt(walletPasses.updatedAt, new Date(Number(since))),
          ),
        )
        .groupBy(walletPasses.id);
      if (rows.length === 0) return reply.status(204).send();
      const newest = Math.max(...rows.map((row) => row.updatedAt?.getTime() ?? 0));
      return reply.status(200).send({ serialNumbers: rows.map((row) => row.serial), lastUpdated: String(newest) });
    },
  );

  app.get(
    `${base}/passes/:passTypeIdentifier/:serialNumber`,
    { schema: { params: passParams } },
    async (request, reply) => {
      const pass = await authenticatedPass(request, reply, request.params);
      if (!pass) return reply;
      const apple = appleSettings();
      const content = await loadPassContent(db(), config.sessionSecret, { passId: pass.id }, app.deps.clock.now());
      if (!content) return reply.status(401).send();
      reply.header('last-modified', content.updatedAt.toUTCString()).header('cache-control', 'no-cache');
      if (unchangedSince(request, content.updatedAt)) return reply.status(304).send();
      const file = await buildApplePass(content, {
        apple,
        publicUrl: config.publicUrl,
        sessionSecret: config.sessionSecret,
      });
      return reply.type(PKPASS_MEDIA_TYPE).send(file);
    },
  );

  /** What devices report about their dealings with this service: logged, for whoever runs it. */
  app.post(
    `${base}/log`,
    {
      config: { budget: { handledBy: 'wallet/apple-web-service.ts: LOG_REQUESTS_PER_MINUTE per address' } },
      schema: { body: logBody },
    },
    async (request, reply) => {
      appleSettings();
      const limit = await consumeRateLimit(
        db(),
        `wallet-log:${request.ip}`,
        LOG_REQUESTS_PER_MINUTE,
        60_000,
        app.deps.clock.now(),
      );
      if (!limit.allowed)
        throw tooManyRequests('Too many log messages. Please wait a minute.', limit.retryAfterSeconds);
      for (const message of request.body.logs) app.log.info({ walletLog: message }, 'Apple Wallet device log');
      return reply.status(200).send();
    },
  );
};
