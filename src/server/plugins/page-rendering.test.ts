import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { DatabaseHandle } from '@server/db/client';
import { seedDemoData } from '@server/modules/demo/seed-demo-data';
import { clientDistFolder, ssrDistFolder } from '@server/paths';
import { testConfig } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { createTestDatabase } from '@server/test/test-database';
import { TestClock } from '@server/test/test-clock';
import { LANGUAGE_COOKIE } from '@shared/i18n/languages';
import landingUr from '@shared/i18n/ur/landing';
import marketplaceUr from '@shared/i18n/ur/marketplace';

/** The server renders from the build (`npm run build`), which CI makes before the tests. */
const built =
  existsSync(path.join(clientDistFolder, 'index.html')) && existsSync(path.join(ssrDistFolder, 'entry-server.js'));
if (!built && process.env.CI) throw new Error('The server-rendering test needs `npm run build` first');

const VENDOR_PAGE = '/vendors/butt-karahi-house-lahore';

/** What #root holds: the page's markup when the server rendered it, nothing when the browser will. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="chaska-page-state">');
  if (start < 0) throw new Error('no #root in the page');
  return end < 0 ? html.slice(start, html.indexOf('</div>', start) + 6) : html.slice(start, end);
}

/** The text a reader sees, without tags (the catalogue's <accent> markup becomes a span). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

describe.skipIf(!built)('server-rendered public pages (decision 053)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false, clock, serveClient: true });
    await app.ready();
    await seedDemoData(database.db, clock.now());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const page = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('writes the landing page, Vendor Clubs and a vendor page in English with their data, before any script runs', async () => {
    const landing = await page('/');
    expect(landing.statusCode).toBe(200);
    const landingText = textOf(rootOf(landing.body));
    expect(landingText).toContain('Collect stamps at the places you love.');
    // The answers of the page's API calls: the demo vendors and the landing's counts.
    expect(landingText).toContain('Butt Karahi House');
    expect(landingText).toContain('Approved vendors');

    const clubs = textOf(rootOf((await page('/vendor-clubs')).body));
    expect(clubs).toContain('Vendor Clubs');
    expect(clubs).toContain('Butt Karahi House');

    const vendor = await page(VENDOR_PAGE);
    const vendorRoot = rootOf(vendor.body);
    expect(vendorRoot).toMatch(/<h1[^>]*>Butt Karahi House<\/h1>/);
    expect(textOf(vendorRoot)).toContain('Lahore');
    // The browser hydrates from the same answers, handed over with the page.
    expect(vendor.body).toContain('<script type="application/json" id="chaska-page-state">');
    expect(vendor.body).toContain('"queryKey":["marketplace","vendor","butt-karahi-house-lahore"]');
    // Drawn already: its code comes after the style sheet and pictures.
    expect(vendor.body).toMatch(/<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-/);
    expect(vendor.body).not.toMatch(/<link rel="modulepreload" crossorigin href=/);
  });

  it('writes them in Urdu, right to left, for an Urdu reader', async () => {
    const urdu = `${LANGUAGE_COOKIE}=ur`;
    const landing = await page('/', urdu);
    expect(landing.body).toContain('<html lang="ur" dir="rtl">');
    expect(textOf(rootOf(landing.body))).toContain(textOf(landingUr['hero.headline']));

    const clubs = await page('/vendor-clubs', urdu);
    expect(clubs.body).toContain('<html lang="ur" dir="rtl">');
    expect(textOf(rootOf(clubs.body))).toContain(marketplaceUr['clubs.title']);

    const vendor = await page(VENDOR_PAGE, urdu);
    expect(vendor.body).toContain('<html lang="ur" dir="rtl">');
    expect(rootOf(vendor.body)).toMatch(/<h1[^>]*>Butt Karahi House<\/h1>/);
  });

  it('leaves to the browser a page whose data is missing, a signed-in visitor and the private areas', async () => {
    expect(rootOf((await page('/vendors/no-such-vendor')).body)).toBe('<div id="root"></div>');
    const user = (await page('/user')).body;
    expect(rootOf(user)).toBe('<div id="root"></div>');
    // A page the browser draws needs its code at once.
    expect(user).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    const customer = await signUpUser(app, { name: 'Hina', surname: 'Raza' });
    expect(rootOf((await page('/', customer.cookie)).body)).toBe('<div id="root"></div>');
  });
});
