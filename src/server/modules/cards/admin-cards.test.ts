import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailMessages, loyaltyCards } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';

describe('Cards Management and Exclusive Cards API', () => {
  const context = useTestApp();
  let admin: SignedInUser;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('lists every card with status, type, vendor and search filters', async () => {
    const db = context.database.db;
    const lahori = await createVendor(db, { businessName: 'Lahori Lassi' });
    const other = await createVendor(db, { businessName: 'Other Place' });
    await createCard(db, lahori.id, { name: 'Lassi Lovers', cardType: 'hot_shot' });
    await createCard(db, lahori.id, { name: 'Paused Pakora', status: 'paused' });
    await createCard(db, other.id, { name: 'Deal of the Day', cardType: 'daily_chaska', stampsRequired: 1 });
    const names = async (query: string) =>
      (await call('GET', `/api/admin/cards?${query}`))
        .json()
        .cards.map((card: { name: string }) => card.name)
        .sort();
    expect(await names(`vendorId=${lahori.id}`)).toEqual(['Lassi Lovers', 'Paused Pakora']);
    expect(await names('status=paused')).toEqual(['Paused Pakora']);
    expect(await names('type=daily_chaska')).toEqual(['Deal of the Day']);
    expect(await names('search=lahori')).toEqual(['Lassi Lovers', 'Paused Pakora']);
    expect((await call('GET', '/api/admin/cards?type=coupon')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/cards?vendorId=x')).statusCode).toBe(400);
  });

  it('pauses a card with a reason told to the vendor owner, restores it, and removes another', async () => {
    const db = context.database.db;
    const owner = await signUpUser(context.app, { name: 'Nadia' });
    const vendor = await createVendor(db, { ownerUserId: owner.id, businessName: 'Nadia Nimko' });
    const card = await createCard(db, vendor.id, { name: 'Nimko Club' });

    expect((await call('POST', `/api/admin/cards/${card.id}/pause`, { reason: '' })).statusCode).toBe(400);
    const paused = await call('POST', `/api/admin/cards/${card.id}/pause`, {
      reason: 'The reward photo is misleading.',
    });
    expect(paused.json()).toEqual({
      id: card.id,
      status: 'paused',
      moderationReason: 'The reward photo is misleading.',
    });
    const [mail] = await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, owner.email), eq(emailMessages.emailType, 'vendor_moderation')));
    expect(mail?.subject).toBe('Your card "Nimko Club" was paused by Chaska');
    expect(mail?.text).toContain('Reason: The reward photo is misleading.');
    expect((await call('POST', `/api/admin/cards/${card.id}/pause`, { reason: 'again' })).statusCode).toBe(409);

    const restored = await call('POST', `/api/admin/cards/${card.id}/restore`);
    expect(restored.json()).toEqual({ id: card.id, status: 'active', moderationReason: null });

    const removed = await call('POST', `/api/admin/cards/${card.id}/remove`, { reason: 'Duplicate of another card.' });
    expect(removed.json()).toMatchObject({ status: 'archived', moderationReason: 'Duplicate of another card.' });
    expect((await call('POST', `/api/admin/cards/${card.id}/restore`)).statusCode).toBe(409);
    expect(
      (await call('POST', '/api/admin/cards/00000000-0000-4000-8000-000000000000/pause', { reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('orders featured Daily Chaska and exclusive cards by number and by moving them up and down', async () => {
    const db = context.database.db;
    const vendor = await createVendor(db, { businessName: 'Featured Foods' });
    const first = await createCard(db, vendor.id, { name: 'First', cardType: 'exclusive' });
    const second = await createCard(db, vendor.id, { name: 'Second', cardType: 'daily_chaska', stampsRequired: 1 });
    const third = await createCard(db, vendor.id, { name: 'Third', cardType: 'exclusive' });
    const plain = await createCard(db, vendor.id, { name: 'Plain', cardType: 'free' });

    expect((await call('PUT', `/api/admin/cards/${first.id}/featured-order`, { featuredOrder: 1 })).statusCode).toBe(
      200,
    );
    await call('PUT', `/api/admin/cards/${second.id}/featured-order`, { featuredOrder: 2 });
    expect((await call('PUT', `/api/admin/cards/${plain.id}/featured-order`, { featuredOrder: 3 })).statusCode).toBe(
      409,
    );
    expect((await call('PUT', `/api/admin/cards/${third.id}/featured-order`, { featuredOrder: 0 })).statusCode).toBe(
      400,
    );

    const ours = new Set(['First', 'Second', 'Third']);
    const order = async () =>
      (await call('GET', '/api/admin/exclusives?type=all'))
        .json()
        .cards.filter((card: { name: string }) => ours.has(card.name))
        .map((card: { name: string; featuredOrder: number | null }) => `${card.name}:${card.featuredOrder ?? '-'}`);
    expect(await order()).toEqual(['First:1', 'Second:2', 'Third:-']);

    const moved = await call('POST', `/api/admin/cards/${second.id}/move`, { direction: 'up' });
    expect(moved.json()).toEqual({ id: second.id, featuredOrder: 1 });
    expect(await order()).toEqual(['Second:1', 'First:2', 'Third:-']);
    expect((await call('POST', `/api/admin/cards/${second.id}/move`, { direction: 'up' })).json().error.message).toBe(
      'This card is already first.',
    );
    expect((await call('POST', `/api/admin/cards/${third.id}/move`, { direction: 'down' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/cards/${first.id}/move`, { direction: 'sideways' })).statusCode).toBe(400);

    await call('PUT', `/api/admin/cards/${second.id}/featured-order`, { featuredOrder: null });
    expect(await order()).toEqual(['First:2', 'Third:-', 'Second:-']);
    const [row] = await db.select().from(loyaltyCards).where(eq(loyaltyCards.id, second.id));
    expect(row?.featuredOrder).toBeNull();

    // Setting a place and moving both leave the same audit line: the card's place, from and to.
    const trail = await db
      .select({ action: auditLog.action, vendorId: auditLog.vendorId, metadata: auditLog.metadata })
      .from(auditLog)
      .where(eq(auditLog.targetId, second.id));
    expect(trail).toHaveLength(3);
    expect(trail).toEqual(
      expect.arrayContaining(
        [
          { name: 'Second', from: null, to: 2 },
          { name: 'Second', from: 2, to: 1 },
          { name: 'Second', from: 1, to: null },
        ].map((metadata) => ({ action: 'card.featured_order', vendorId: vendor.id, metadata })),
      ),
    );
  });
});
