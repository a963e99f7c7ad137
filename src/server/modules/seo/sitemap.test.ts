import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor } from '@server/test/factories';
import { sitemapStream } from './sitemap';

describe('sitemap.xml and robots.txt', () => {
  const context = useTestApp();

  it('lists the public pages and every public vendor, and no one else', async () => {
    const db = context.database.db;
    const open = await createVendor(db, { businessName: 'Open & Honest' });
    const pending = await createVendor(db, { status: 'pending' });
    const suspended = await createVendor(db, { status: 'suspended' });
    const response = await context.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = response.body;
    expect(
      body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    for (const path of [
      '/',
      '/vendor-clubs',
      '/daily-chaska',
      '/exclusive',
      '/free-cards',
      '/pricing',
      '/support',
      '/vendor-signup',
    ]) {
      expect(body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(body).not.toContain('/auth<');
    expect(body).toContain(`<loc>http://localhost:3000/vendors/${open.slug}</loc><lastmod>`);
    expect(body).not.toContain(pending.slug);
    expect(body).not.toContain(suspended.slug);
    expect(body.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('reads vendors in batches, so a long list streams whole', async () => {
    const db = context.database.db;
    for (let index = 0; index < 7; index += 1) await createVendor(db, { businessName: `Batch ${index}` });
    const chunks: string[] = [];
    for await (const chunk of sitemapStream(db, 'https://chaska.pk')) chunks.push(String(chunk));
    const body = chunks.join('');
    expect(body.match(/\/vendors\/batch-/g)).toHaveLength(7);
  });

  it('keeps dashboards out of search engines but not the public vendor pages', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /vendor/',
        'Disallow: /user',
        'Sitemap: http://localhost:3000/sitemap.xml',
      ]),
    );
    expect(lines).not.toContain('Disallow: /vendor');
  });
});
