import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type BuildPreloads } from './route-preloads';
import { scriptJson } from './script-json';
import { renderHead, spaPlugin, type HeadResolver } from './spa';

const SCRIPT = 'export const answer = 42;\n'.repeat(20);

/** A client build in miniature: the page, one hashed script with its .br and .gz, the preload list. */
function writeClientBuild(folder: string): void {
  mkdirSync(path.join(folder, 'assets'));
  mkdirSync(path.join(folder, '.vite'));
  writeFileSync(path.join(folder, 'index.html'), '<html lang="en"><head><!--app-head--></head><body></body></html>');
  writeFileSync(path.join(folder, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(path.join(folder, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(folder, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  const preloads: BuildPreloads = {
    routes: [
      { pattern: '/auth', files: ['/assets/auth-page-1.js', '/assets/form-2.js'], urduFiles: ['/assets/ur-auth-5.js'] },
      { pattern: '/vendors/:slug', files: ['/assets/vendor-page-3.js'] },
    ],
    urdu: {
      font: '/assets/noto-nastaliq-urdu-400-6.woff2',
      styles: ['/assets/urdu-7.css'],
      scripts: ['/assets/urdu-8.js', '/assets/ur-common-9.js'],
    },
  };
  writeFileSync(path.join(folder, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
}

/** An app serving a miniature client build written to `folder`, its heads from `resolveHead`. */
async function serveClientBuild(folder: string, resolveHead: HeadResolver): Promise<FastifyInstance> {
  writeClientBuild(folder);
  const app = Fastify();
  await app.register(fastifyCookie);
  await app.register(spaPlugin, {
    clientFolder: folder,
    // No server rendering here: page-rendering.test.ts renders the real build's pages.
    ssrFolder: path.join(folder, 'no-server-rendering'),
    resolveHead,
  });
  return app;
}

describe('spa plugin', () => {
  let folder: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'chaska-spa-'));
    app = await serveClientBuild(folder, async (_request, language) => `<title>Test in ${language}</title>`);
  });

  afterAll(async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes the page in the language of the cookie, else of Accept-Language, on the first byte', async () => {
    const english = await app.inject({ url: '/vendor-clubs' });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.headers.vary).toContain('accept-language');
    const browserUrdu = await app.inject({
      url: '/vendor-clubs',
      headers: { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' },
    });
    expect(browserUrdu.body).toContain('<html lang="ur" dir="rtl">');
    const chosenEnglish = await app.inject({
      url: '/user',
      headers: { 'accept-language': 'ur-PK', cookie: 'chaska_lang=en' },
    });
    expect(chosenEnglish.body).toContain('<html lang="en" dir="ltr">');
    const chosenUrdu = await app.inject({ url: '/', headers: { cookie: 'chaska_lang=ur' } });
    expect(chosenUrdu.body).toContain('<html lang="ur" dir="rtl">');
    // The head is written in the page's language too.
    expect(chosenUrdu.body).toContain('<title>Test in ur</title>');
    expect(chosenEnglish.body).toContain('<title>Test in en</title>');
    expect(browserUrdu.body).toContain('<title>Test in ur</title>');
  });

  it('writes the page in the language of ?lang= and keeps it in the cookie; ignores any other value', async () => {
    const chosen = await app.inject({
      url: '/vendor-clubs?category=food&lang=ur',
      headers: { cookie: 'chaska_lang=en' },
    });
    expect(chosen.body).toContain('<html lang="ur" dir="rtl">');
    expect(chosen.body).toContain('<title>Test in ur</title>');
    const cookie = chosen.cookies.find((entry) => entry.name === 'chaska_lang');
    expect(cookie).toMatchObject({ value: 'ur', path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });

    for (const url of ['/?lang=fr', '/?lang=', '/?lang=ur&lang=en', '/?lang=%00ur', '/?LANG=ur']) {
      const ignored = await app.inject({ url, headers: { cookie: 'chaska_lang=en' } });
      expect(ignored.statusCode).toBe(200);
      expect(ignored.body).toContain('<html lang="en" dir="ltr">');
      expect(ignored.cookies).toEqual([]);
    }
  });

  it('sends the brotli file of a hashed script to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length);
  });

  it('sends gzip when that is all the browser takes, and the plain file otherwise', async () => {
    const gzipped = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses each page it writes in the encoding the browser prefers, and says the page varies by it', async () => {
    const plain = await app.inject({ url: '/vendor-clubs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-language, cookie, accept-encoding');

    const brotli = await app.inject({ url: '/vendor-clubs', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);

    const gzipped = await app.inject({ url: '/vendor-clubs', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);

    for (const header of ['identity', 'compress, deflate', '*;q=0', 'br;q=oops, ,,;;', 'x'.repeat(4000)]) {
      const other = await app.inject({ url: '/vendor-clubs', headers: { 'accept-encoding': header } });
      expect(other.statusCode).toBe(200);
      expect(other.headers['content-encoding']).toBeUndefined();
      expect(other.body).toBe(plain.body);
    }
  });

  it("names the screen chunks of the page's address as low-priority module preloads", async () => {
    const auth = await app.inject({ url: '/auth?mode=sign-up' });
    expect(auth.headers['cache-control']).toBe('no-cache');
    expect(auth.body).toContain('<title>Test in en</title>');
    expect(auth.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-page-1.js" />',
    );
    expect(auth.body).toContain('href="/assets/form-2.js"');

    const vendor = await app.inject({ url: '/vendors/chai-khana' });
    expect(vendor.body).toContain('href="/assets/vendor-page-3.js"');
    expect(vendor.body).not.toContain('auth-page-1.js');

    const landing = await app.inject({ url: '/' });
    expect(landing.body).not.toContain('modulepreload');
  });

  it('preloads the Nastaliq font and the Urdu start in Urdu pages only, leaving the English page as it was', async () => {
    const englishHead = (await app.inject({ url: '/auth' })).body.split('</head>')[0] ?? '';
    expect(englishHead).not.toMatch(/nastaliq|urdu|ur-auth|as="font"/i);
    expect(englishHead.match(/<link /g)).toHaveLength(2);

    for (const headers of [{ cookie: 'chaska_lang=ur' }, { 'accept-language': 'ur-PK' }]) {
      const urduHead = (await app.inject({ url: '/auth', headers })).body.split('</head>')[0] ?? '';
      expect(urduHead).toContain(
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-nastaliq-urdu-400-6.woff2" />',
      );
      expect(urduHead).toContain('<link rel="modulepreload" crossorigin href="/assets/urdu-8.js" />');
      expect(urduHead).toContain('href="/assets/ur-common-9.js"');
      expect(urduHead).toContain('href="/assets/ur-auth-5.js"');
      expect(urduHead).toContain('href="/assets/auth-page-1.js"');
    }
    // A visitor who chose English over an Urdu browser gets the English head.
    const chosenEnglish = await app.inject({
      url: '/auth',
      headers: { cookie: 'chaska_lang=en', 'accept-language': 'ur' },
    });
    expect(chosenEnglish.body).not.toContain('nastaliq');
  });

  it('does not serve the build metadata folder', async () => {
    const response = await app.inject({ url: `/${ROUTE_PRELOADS_FILE}` });
    expect(response.statusCode).toBe(404);
  });
});

describe('spa plugin logging', () => {
  it('logs page requests but not the requests for built files, unless asked for', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'chaska-spa-log-'));
    writeClientBuild(folder);
    const logged = async (assetLogLevel?: 'debug') => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const app = Fastify({ logger: { level: assetLogLevel ?? 'info', stream } });
      await app.register(spaPlugin, {
        clientFolder: folder,
        ssrFolder: path.join(folder, 'no-server-rendering'),
        ...(assetLogLevel ? { assetLogLevel } : {}),
      });
      await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      await app.inject({ method: 'GET', url: '/vendor-clubs' });
      await app.close();
      return lines
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
        .filter((line) => line.msg === 'incoming request')
        .map((line) => line.req?.url);
    };
    try {
      expect(await logged()).toEqual(['/vendor-clubs']);
      expect(await logged('debug')).toEqual(['/assets/app-abc123.js', '/vendor-clubs']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('spa plugin with text people wrote in the head', () => {
  let folder: string;
  let app: FastifyInstance;
  // String.prototype.replace reads $' $& $` $$ in a replacement string as patterns.
  const vendorName = "Chacha's $' Karahi $& $` $$ Co";

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'chaska-spa-'));
    app = await serveClientBuild(folder, async () => renderHead(vendorName, `${vendorName} in Lahore.`));
  });

  afterAll(async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('puts a vendor name with $ patterns into the page exactly as written', async () => {
    const response = await app.inject({ url: '/vendors/chacha-karahi' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(renderHead(vendorName, `${vendorName} in Lahore.`));
    expect(response.body).toContain('<title>Chacha&#39;s $&#39; Karahi $&#38; $` $$ Co</title>');
    expect(response.body.match(/<head>/g)).toHaveLength(1);
    expect(response.body.match(/<\/head>/g)).toHaveLength(1);
    expect(response.body.endsWith('</body></html>')).toBe(true);
  });

  it('hands state to the page as JSON that no text inside can close the script element with', () => {
    const written = scriptJson({ name: '</script><script>alert(1)</script>' });
    expect(written).not.toContain('<');
    expect(JSON.parse(written)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
