import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { baseUrlOf, openLiveStream } from '@server/test/live-stream';
import { LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_PER_SESSION } from './live-routes';
import {
  collectWith,
  counterCodeFor,
  redeemAtCounter,
  setUpVendorWithCard,
} from '@server/modules/stamps/stamp-test-helpers';

describe('live updates (server-sent events)', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('needs a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/live' });
    expect(response.statusCode).toBe(401);
  });

  it("delivers a committed stamp to the customer's stream, and nothing of a refused one", async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 2 });
    const customer = await signUpUser(context.app);
    const bystander = await signUpUser(context.app);
    const stream = await openLiveStream(baseUrlOf(context.app), customer.cookie);
    const otherStream = await openLiveStream(baseUrlOf(context.app), bystander.cookie);
    expect(stream.response.headers['content-type']).toContain('text/event-stream');

    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(200);
    expect(await stream.nextEvent()).toMatchObject({
      type: 'stamp.collected',
      cardId: setup.card.id,
      stampsCollected: 1,
      stampsRequired: 2,
      rewardId: null,
    });
    // Refused inside its transaction: nothing is announced (the next event is the next stamp).
    expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(409);

    const last = await collectWith(
      context.app,
      customer.cookie,
      (await counterCodeFor(context.app, setup.owner.cookie, setup.card.id)).qrPayload,
    );
    const rewardId = last.json().reward.id;
    expect(await stream.nextEvent()).toMatchObject({ type: 'stamp.collected', stampsCollected: 2, rewardId });

    await redeemAtCounter(context.app, customer.cookie, setup.owner.cookie, rewardId);
    expect(await stream.nextEvent()).toMatchObject({ type: 'reward.redeemed', rewardId });

    // The bystander's first event is their own stamp: none of the customer's reached them.
    const own = await setUpVendorWithCard(context.app, db());
    await collectWith(
      context.app,
      bystander.cookie,
      (await counterCodeFor(context.app, own.owner.cookie, own.card.id)).qrPayload,
    );
    expect(await otherStream.nextEvent()).toMatchObject({ type: 'stamp.collected', cardId: own.card.id });
    stream.close();
    otherStream.close();
  });

  it('holds at most LIVE_STREAMS_PER_SESSION open streams per session, refused with 429 until one closes', async () => {
    const customer = await signUpUser(context.app);
    const streams = [];
    for (let index = 0; index < LIVE_STREAMS_PER_SESSION; index += 1)
      streams.push(await openLiveStream(baseUrlOf(context.app), customer.cookie));
    const refused = await context.app.inject({ method: 'GET', url: '/api/live', headers: { cookie: customer.cookie } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain('Too many live connections are open');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session of the same person from elsewhere is not held by this one's count.
    const other = await openLiveStream(baseUrlOf(context.app), (await signUpUser(context.app)).cookie);
    streams[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openLiveStream(baseUrlOf(context.app), customer.cookie);
    for (const stream of [...streams, other, again]) stream.close();
  });

  it('holds at most LIVE_STREAMS_PER_ADDRESS open streams per address', async () => {
    const streams = [];
    for (let index = 0; index < LIVE_STREAMS_PER_ADDRESS; index += 1)
      streams.push(await openLiveStream(baseUrlOf(context.app), (await signUpUser(context.app)).cookie));
    const fresh = await signUpUser(context.app);
    const refused = await context.app.inject({ method: 'GET', url: '/api/live', headers: { cookie: fresh.cookie } });
    expect(refused.statusCode).toBe(429);
    for (const stream of streams) stream.close();
  });

  describe('with two app servers on one database', () => {
    let second: FastifyInstance;
    let secondDatabase: DatabaseHandle;
    beforeAll(async () => {
      // On PostgreSQL the second server has its own pool and its own LISTEN connection. The
      // in-memory PGlite cannot be opened twice, so there both servers share the one handle.
      const url = (context.database as DatabaseHandle & { url?: string }).url;
      secondDatabase = url ? await openDatabase({ kind: 'postgres', url, poolSize: 4 }) : context.database;
      second = await buildApp({
        config: context.config,
        database: secondDatabase,
        logger: false,
        clock: context.clock,
      });
      await second.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await second?.close();
      if (secondDatabase !== context.database) await secondDatabase?.close();
    });

    it('delivers a stamp issued through one server to a stream on the other', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const stream = await openLiveStream(baseUrlOf(second), customer.cookie);
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(200);
      expect(await stream.nextEvent()).toMatchObject({
        type: 'stamp.collected',
        cardId: setup.card.id,
        stampsCollected: 1,
      });

      // Closing a server ends its open streams instead of hanging on them.
      await second.close();
      await stream.ended;
    });
  });
});
