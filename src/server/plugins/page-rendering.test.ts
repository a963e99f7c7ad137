import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { DatabaseHandle } from '@server/db/client';
import { seedDemoData } from '@server/modules/platform/seed-demo-data';
import { clientDistFolder, ssrDistFolder } from '@server/paths';
import { testConfig } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { createTestDatabase } from '@server/test/test-database';
import { HOSTILE_QUERY_VALUES } from '@server/test/adversarial/hostile-values';
import { TestClock } from '@server/test/test-clock';
import { LANGUAGE_COOKIE } from '@shared/i18n/languages';
import { serverRenderedPatterns } from '@client/route-table';
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

  const page = (url: string, cookie?: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  /** The page as the browser reads it, whichever encoding it came in (decision 071). */
  const bodyOf = (answer: Awaited<ReturnType<typeof page>>): string => {
    const encoding = answer.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString('utf8');
    return answer.body;
  };

  it('draws every page whatever its address parameters hold (the filters, ?lang= and ?join= of decision 059)', async () => {
    // The shared hostile query values, so a value added there reaches the pages' parameters too.
    const hostileTargets = [
      ['/', 'city'],
      ['/', 'lang'],
      ['/auth', 'next'],
      ['/vendor-clubs', 'category'],
      [VENDOR_PAGE, 'join'],
    ] as const;
    // A page the route table marks as drawn by the server is in this loop, or this fails.
    const listed = new Set<string>(
      hostileTargets.map(([pathname]) => (pathname === VENDOR_PAGE ? '/vendors/:slug' : pathname)),
    );
    expect(serverRenderedPatterns().filter((pattern) => !listed.has(pattern))).toEqual([]);
    for (const [pathname, name] of hostileTargets) {
      for (const [index, value] of HOSTILE_QUERY_VALUES.entries()) {
        // Each in turn as a browser that takes brotli, one that takes gzip, and one that takes neither.
        const encoding = ['gzip, deflate, br', 'gzip', 'identity'][index % 3];
        const answer = await page(`${pathname}?${name}=${value}`, `${LANGUAGE_COOKIE}=en`, encoding);
        const label = `${pathname}?${name}=${value.slice(0, 40)}`;
        // Refused by the input guard (a NUL, broken UTF-8) with its message, or drawn: never a 5xx.
        expect([200, 400], label).toContain(answer.statusCode);
        if (answer.statusCode === 400)
          expect(answer.json(), label).toMatchObject({ error: { message: expect.any(String) } });
        else {
          const body = bodyOf(answer);
          expect(body, label).toContain('<html lang="en" dir="ltr">');
          // Drawn or not, the page's code is named in a form the loader can read (decision 074).
          const code = /<script type="application\/json" id="chaska-code">(.*?)<\/script>/.exec(body)?.[1];
          if (code) expect(JSON.parse(code), label).toMatchObject({ entry: expect.stringMatching(/^\/assets\//) });
          else expect(body, label).toMatch(/<script type="module" crossorigin src="\/assets\//);
        }
        expect(answer.headers['set-cookie'], label).toBeUndefined();
      }
    }
    // Renders every public page for every hostile value: minutes under a loaded CI, not seconds.
  }, 120_000);

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
    // Drawn already: its head asks for no code; the page names it for after its first paint
    // (decision 074), with the one inline script the page's Content-Security-Policy allows.
    const vendorHead = vendor.body.split('</head>')[0] ?? '';
    expect(vendorHead).not.toMatch(/<script[^>]* src=/);
    expect(vendorHead).not.toContain('modulepreload');
    const code = /<script type="application\/json" id="chaska-code">(.*?)<\/script>/.exec(vendor.body)?.[1] ?? '{}';
    const { entry, modules } = JSON.parse(code) as { entry: string; modules: string[] };
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(modules.some((file) => file.includes('public-vendor-page'))).toBe(true);
    const inlineScripts = [...vendor.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inlineScripts).toHaveLength(1);
    const allowed = `'sha256-${createHash('sha256')
      .update(inlineScripts[0] ?? '')
      .digest('base64')}'`;
    expect(String(vendor.headers['content-security-policy'])).toContain(
      `script-src 'self' 'wasm-unsafe-eval' ${allowed};`,
    );
  });

  it('writes them in Urdu, right to left, for an Urdu reader', async () => {
    const urdu = `${LANGUAGE_COOKIE}=ur`;
    const landing = await page('/', urdu);
    expect(landing.body).toContain('<html lang="ur" dir="rtl">');
    expect(textOf(rootOf(landing.body))).toContain(textOf(landingUr['hero.headline']));
    // Drawn text is laid out in the fallback faces the Urdu style sheet holds; neither the font nor
    // the Urdu chunk competes with the first paint.
    const landingHead = landing.body.split('</head>')[0] ?? '';
    expect(landingHead).not.toContain('as="font"');
    expect(landingHead).not.toContain('modulepreload');
    expect(landingHead).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/urdu-[^"]+\.css" \/>/);
    expect(landing.body).toMatch(/<script type="application\/json" id="chaska-code">\{[^<]*\/assets\/urdu-[\w-]+\.js/);

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

describe.skipIf(!built)('what a server rendering costs a crowd (decision 058)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ PUBLIC_LISTING_CACHE_SECONDS: '5', PAGE_RENDERS_PER_MINUTE: '3' });
    app = await buildApp({ config, database, logger: false, clock, serveClient: true });
    await app.ready();
    await seedDemoData(database.db, clock.now());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const page = (url: string, remoteAddress: string, cookie?: string) =>
    app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} });
  const EMPTY_ROOT = '<div id="root"></div>';
  const drawn = (html: string) => rootOf(html) !== EMPTY_ROOT;

  it('lets signed-out visitors share a rendering for a few seconds, and never a visitor with a sign-in cookie', async () => {
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.1')).body)).toBe(true);
    // This address spends its three renderings of the minute on other pages...
    for (const url of ['/?b=1', '/?b=2', '/?b=3']) expect(drawn((await page(url, '10.1.0.2')).body)).toBe(true);
    expect(drawn((await page('/?b=4', '10.1.0.2')).body)).toBe(false);
    // ...and is still served the vendor page drawn for the first visitor.
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.2')).body)).toBe(true);
    // In the other language it is another rendering, which it may no longer cause.
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.2', `${LANGUAGE_COOKIE}=ur`)).body)).toBe(false);
    // A sign-in cookie is never served the shared rendering: a signed-in customer's page is the browser's,
    // and a forged cookie is drawn for itself, against its address's renderings.
    const customer = await signUpUser(app, { name: 'Sana', surname: 'Iqbal' });
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.3', customer.cookie)).body)).toBe(false);
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.2', 'chaska.session_token=forged.cookie')).body)).toBe(false);

    // After 5 s the rendering is no longer kept: the spent address gets the browser's page, another a new rendering.
    clock.advance(5_001);
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.2')).body)).toBe(false);
    expect(drawn((await page(VENDOR_PAGE, '10.1.0.4')).body)).toBe(true);
  });

  it("leaves pages to the browser past an address's renderings a minute, and counts kept ones for nobody", async () => {
    clock.advance(60_000);
    const address = '10.2.0.1';
    // Three renderings (distinct addresses of pages, so none is kept for another).
    for (const url of ['/?a=1', '/?a=2', '/?a=3']) expect(drawn((await page(url, address)).body)).toBe(true);
    const fourth = await page('/?a=4', address);
    expect(fourth.statusCode).toBe(200);
    expect(drawn(fourth.body)).toBe(false);
    // A page the browser draws needs its code at once.
    expect(fourth.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    // A page kept for signed-out visitors costs the address nothing.
    expect(drawn((await page('/?a=1', address)).body)).toBe(true);
    // Another address is not held back, and the first one's minute ends.
    expect(drawn((await page('/?a=5', '10.2.0.2')).body)).toBe(true);
    clock.advance(60_001);
    expect(drawn((await page('/?a=6', address)).body)).toBe(true);
  });
});
