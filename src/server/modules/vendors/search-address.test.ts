import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { callAs, vendorOwner, vendorStaff } from './vendor-test-helpers';

const SEARCH = '/api/vendor/branches/address-search';

/** A Nominatim-compatible geocoder on loopback: records what it was asked and answers as told. */
const asked: URL[] = [];
let answer: { status: number; body: string } = { status: 200, body: '[]' };
const geocoder = createServer((request, response) => {
  asked.push(new URL(request.url ?? '/', 'http://geocoder'));
  response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
});
await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/`;
afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

const LIBERTY = { lat: '31.5101', lon: '74.3441', display_name: 'Liberty Market, Gulberg III, Lahore, Pakistan' };
const LONDON = { lat: '51.5072', lon: '-0.1276', display_name: 'Liberty, London, United Kingdom' };

describe('address search for a branch pin, with a geocoder (decision 084)', () => {
  const context = useTestApp({ GEOCODER_URL: geocoderUrl });
  const db = () => context.database.db;

  beforeEach(() => {
    asked.length = 0;
    answer = { status: 200, body: JSON.stringify([LIBERTY, LONDON]) };
  });

  it('asks the geocoder from the server and returns only places in Pakistan, with their pins', async () => {
    const { owner } = await vendorOwner(context.app, db());
    const list = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/branches');
    expect(list.json().addressSearch).toBe(true);
    const found = await callAs(
      context.app,
      owner.cookie,
      'GET',
      `${SEARCH}?q=${encodeURIComponent(' Liberty Market ')}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      matches: [{ label: LIBERTY.display_name, position: { latitude: 31.5101, longitude: 74.3441 } }],
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/search');
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({
      q: 'Liberty Market',
      format: 'json',
      countrycodes: 'pk',
    });
  });

  it('refuses staff, customers and the signed-out, asking the geocoder nothing', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const customer = await signUpUser(context.app);
    expect((await callAs(context.app, staff.cookie, 'GET', `${SEARCH}?q=Liberty`)).statusCode).toBe(403);
    expect((await callAs(context.app, customer.cookie, 'GET', `${SEARCH}?q=Liberty`)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: `${SEARCH}?q=Liberty` })).statusCode).toBe(401);
    expect(asked).toEqual([]);
    expect((await callAs(context.app, owner.cookie, 'GET', `${SEARCH}?q=Liberty`)).statusCode).toBe(200);
  });

  it.each([
    ['', 'q'],
    ['q=ab', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
  ])('refuses the search %# naming the field, asking the geocoder nothing', async (query, field) => {
    const { owner } = await vendorOwner(context.app, db());
    const refused = await callAs(context.app, owner.cookie, 'GET', `${SEARCH}?${query}`);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual([field]);
    expect(asked).toEqual([]);
  });

  it('tells the owner to drag the pin when the geocoder fails or answers nonsense', async () => {
    const { owner } = await vendorOwner(context.app, db());
    for (const failing of [
      { status: 500, body: 'down' },
      { status: 200, body: 'not json' },
      { status: 200, body: JSON.stringify({ error: 'Unable to geocode' }) },
      { status: 200, body: JSON.stringify([{ lat: 'north', lon: '74.3', display_name: 'Somewhere' }]) },
    ]) {
      answer = failing;
      const failed = await callAs(context.app, owner.cookie, 'GET', `${SEARCH}?q=Liberty`);
      expect([failed.statusCode, failed.json().error.message]).toEqual([
        502,
        'The address search is not answering. Try again, or drag the pin.',
      ]);
    }
  });
});

describe('address search without a geocoder', () => {
  const context = useTestApp();

  it('offers the pin alone: the list says so and a search is refused', async () => {
    const { owner } = await vendorOwner(context.app, context.database.db);
    expect((await callAs(context.app, owner.cookie, 'GET', '/api/vendor/branches')).json().addressSearch).toBe(false);
    const refused = await callAs(context.app, owner.cookie, 'GET', `${SEARCH}?q=Liberty`);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      404,
      'Address search is not set up here: drag the pin instead.',
    ]);
  });
});
