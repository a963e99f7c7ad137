import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVendor } from '@server/test/factories';
import { adminSession, type AdversarialActor } from './adversarial-world';
import { startAdversarialApp } from './adversarial-app';
import { routeName, type RouteEntry } from './route-table';
import { propertyNames, sampleInput } from './sample-input';

/**
 * Every route whose body carries a password is a door a guesser can knock on: each one, found in
 * the route table, refuses a stream of wrong passwords from one session after a few tries. A new
 * route that checks a password is covered the day it is registered.
 */
const LIMIT = 3;
const suite = await startAdversarialApp({ RATE_LIMIT_MAX: String(LIMIT) });
let actor: AdversarialActor;

const takesPassword = (route: RouteEntry) => propertyNames(route.body).some((name) => /password/i.test(name));
const doors = suite.routes.filter(takesPassword);

beforeAll(async () => {
  // An admin with two-factor on who owns a vendor: every guard in front of a password lets them through.
  actor = await adminSession(suite.app, suite.database.db, { name: 'Door', surname: 'Knocker' });
  await createVendor(suite.database.db, { ownerUserId: actor.id, plan: 'enterprise' });
}, 60_000);

afterAll(async () => {
  await suite.close();
});

describe('every door that takes a password limits attempts', () => {
  it('finds the doors in the route table', () => {
    expect(doors.map(routeName)).toEqual(
      expect.arrayContaining(['POST /api/accounts/sign-in', 'POST /api/vendor/account/password']),
    );
  });

  doors.forEach((route, index) => {
    it(routeName(route), async () => {
      // A well-formed phone code beside the password (closing an account takes either), so only the password is wrong.
      const sample = sampleInput(route.body!, { email: actor.email, code: '123456' });
      const body = Object.fromEntries(
        Object.entries(sample.value as Record<string, unknown>).map(([name, value]) => [
          name,
          /password/i.test(name) ? `wrong-guess-${name}` : value,
        ]),
      );
      const statuses: number[] = [];
      for (let attempt = 0; attempt < LIMIT + 2; attempt += 1) {
        const response = await suite.app.inject({
          method: route.method as 'POST',
          url: route.url,
          // Its own address per door, so one door's count never limits the next.
          remoteAddress: `203.0.113.${index + 1}`,
          headers: { cookie: actor.cookie, origin: suite.ownOrigin },
          payload: body,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
