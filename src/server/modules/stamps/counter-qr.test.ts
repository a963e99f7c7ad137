import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@shared/billing/plans';
import { drawQr } from '@shared/stamps/qr-style';
import { vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import { callAs, vendorOwner, vendorStaff } from '@server/modules/vendors/vendor-test-helpers';
import { joinCodeUrl, vendorQrStyle } from './counter-qr';
import { loadNodeQrDecoder, pdfPageSize, pdfText } from './counter-qr-test-helpers';
import { renderQrPng } from './qr-png';

const context = useTestApp();
const db = () => context.database.db;
let decode: (png: Buffer) => Promise<string[]>;

beforeAll(async () => {
  decode = await loadNodeQrDecoder();
});

async function vendorWithCard(plan: PlanId) {
  const { owner, vendor } = await vendorOwner(context.app, db(), plan, { businessName: 'Karachi Chai House' });
  await db()
    .update(vendors)
    .set({ qrForeground: '#1e3a8a', qrBackground: '#fef3c7', logo: '☕' })
    .where(eq(vendors.id, vendor.id));
  const card = await createCard(db(), vendor.id, { name: 'Chai Club', stampsRequired: 8 });
  return { owner, vendor, card };
}

const poster = (cookie: string, size: string, cardId: string) =>
  callAs(context.app, cookie, 'GET', `/api/vendor/counter-poster.pdf?size=${size}&cardId=${cardId}`);

describe('GET /api/vendor/counter-poster.pdf', () => {
  it('gives the owner and staff an A4 or A5 poster with the join code and the instructions', async () => {
    const { owner, vendor, card } = await vendorWithCard('starter');
    const a4 = await poster(owner.cookie, 'A4', card.id);
    expect(a4.statusCode).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.headers['content-disposition']).toBe(`attachment; filename="counter-poster-${vendor.slug}-a4.pdf"`);
    expect(pdfPageSize(a4.rawPayload)).toEqual([595, 842]);
    const text = pdfText(a4.rawPayload);
    for (const line of [
      'Karachi Chai House',
      'Scan to join our loyalty card',
      'Chai Club: 8 stamps earn Free Chai',
      'Sign in or create a free account, then tap Join.',
      'Loyalty cards by Chaska',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(joinCodeUrl(context.config.publicUrl, vendor.slug, card.id));

    const staff = await vendorStaff(context.app, db(), vendor.id);
    const a5 = await poster(staff.cookie, 'A5', card.id);
    expect(a5.statusCode).toBe(200);
    expect(pdfPageSize(a5.rawPayload)).toEqual([420, 595]);
  });

  it("prints the join code in the plan's style, and the printed code decodes to the public page that joins the card", async () => {
    for (const plan of ['starter', 'standard', 'premium', 'enterprise'] as const) {
      const { owner, vendor, card } = await vendorWithCard(plan);
      const [row] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
      const style = vendorQrStyle(row!);
      const url = joinCodeUrl(context.config.publicUrl, vendor.slug, card.id);
      expect(url).toBe(`${context.config.publicUrl}/vendors/${vendor.slug}?join=${card.id}`);
      // The poster embeds exactly this image (renderQrPng of this drawing).
      expect(await decode(renderQrPng(drawQr(url, style)))).toEqual([url]);
      const response = await poster(owner.cookie, 'A4', card.id);
      expect([plan, response.statusCode, response.statusCode === 200 ? '' : response.body]).toEqual([plan, 200, '']);
      const text = pdfText(response.rawPayload);
      expect([plan, /chaska/i.test(text)]).toEqual([plan, plan !== 'enterprise']);
      // The printed address names the platform's domain, so white-label leaves it to the code.
      expect([plan, text.includes(url)]).toEqual([plan, plan !== 'enterprise']);
      if (plan === 'premium' || plan === 'enterprise') expect(text).toContain('KC');
    }
  });

  it('refuses customers, signed-out visitors and cards of another vendor', async () => {
    const { owner, vendor, card } = await vendorWithCard('premium');
    const customer = await signUpUser(context.app);
    expect((await poster(customer.cookie, 'A4', card.id)).statusCode).toBe(403);
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/vendor/counter-poster.pdf?size=A4&cardId=${card.id}` }))
        .statusCode,
    ).toBe(401);
    const other = await vendorWithCard('enterprise');
    const foreign = await poster(other.owner.cookie, 'A4', card.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Card not found. Choose one of your active cards.');
    // Only active cards: a paused card's join code would lead nowhere.
    const paused = await createCard(db(), vendor.id, { status: 'paused' });
    expect((await poster(owner.cookie, 'A4', paused.id)).statusCode).toBe(404);
  });

  it('names the field of a bad size or card', async () => {
    const { owner, card } = await vendorWithCard('standard');
    const size = await poster(owner.cookie, 'A3', card.id);
    expect(size.statusCode).toBe(400);
    expect(JSON.stringify(size.json().error)).toContain('Size must be A4 or A5.');
    const cardId = await poster(owner.cookie, 'A4', 'not-a-card');
    expect(cardId.statusCode).toBe(400);
    expect(JSON.stringify(cardId.json().error)).toContain('Card must be one of your cards.');
  });
});

describe('GET /api/vendor/qr-style', () => {
  it('is decided on the server from the plan, for owner and staff, never for customers', async () => {
    const { owner, vendor } = await vendorWithCard('standard');
    const response = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/qr-style');
    expect(response.json().style).toMatchObject({
      level: 'custom',
      foreground: '#1e3a8a',
      background: '#fef3c7',
      badge: null,
      showBrand: true,
    });
    const staff = await vendorStaff(context.app, db(), vendor.id);
    expect((await callAs(context.app, staff.cookie, 'GET', '/api/vendor/qr-style')).statusCode).toBe(200);
    const customer = await signUpUser(context.app);
    expect((await callAs(context.app, customer.cookie, 'GET', '/api/vendor/qr-style')).statusCode).toBe(403);
  });
});

describe('QR colours on the profile', () => {
  async function saveColours(cookie: string, qrForeground: string, qrBackground: string) {
    const { profile } = (await callAs(context.app, cookie, 'GET', '/api/vendor/profile')).json();
    return callAs(context.app, cookie, 'PUT', '/api/vendor/profile', { ...profile, qrForeground, qrBackground });
  }

  it('saves valid colours from the Standard plan', async () => {
    const { owner } = await vendorOwner(context.app, db(), 'standard');
    const saved = await saveColours(owner.cookie, '#14532D', '#F0FDF4');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({ qrForeground: '#14532d', qrBackground: '#f0fdf4' });
    expect(saved.json().qrStyle).toBe('custom');
  });

  it('refuses low contrast and bad colours, naming the field, and changes nothing', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const low = await saveColours(owner.cookie, '#9ca3af', '#ffffff');
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields.qrBackground).toMatch(/^QR code colours need more contrast to scan/);
    const inverted = await saveColours(owner.cookie, '#ffffff', '#111111');
    expect(inverted.json().error.fields.qrForeground).toBe(
      'QR code colour must be darker than the QR background colour, or phones cannot scan the code.',
    );
    const bad = await saveColours(owner.cookie, 'navy', '');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('QR code colour must be a colour like #1c1917.');
    const [row] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
    expect([row!.qrForeground, row!.qrBackground]).toEqual([null, null]);
  });

  it('refuses Starter with the plan it needs, but lets it save the rest of the profile with colours kept from before', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'starter');
    const refused = await saveColours(owner.cookie, '#14532d', '#f0fdf4');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'plan_required',
      message: 'This feature needs the Standard plan.',
    });
    await db()
      .update(vendors)
      .set({ qrForeground: '#14532d', qrBackground: '#f0fdf4' })
      .where(eq(vendors.id, vendor.id));
    expect((await saveColours(owner.cookie, '#14532d', '#f0fdf4')).statusCode).toBe(200);
    // Kept, but not used while on Starter.
    expect((await callAs(context.app, owner.cookie, 'GET', '/api/vendor/qr-style')).json().style).toMatchObject({
      foreground: '#1c1917',
      background: '#ffffff',
    });
  });
});
