import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '@shared/cards/partner-cards';
import type { PlanId } from '@shared/billing/plans';
import { auditLog, rewards, stamps, vendorMembers } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { monthlyStampLimitMessage } from '@server/modules/billing/plan-limits-for-vendor';
import { collectWith, counterCodeFor, prefillMonthlyStamps } from '@server/modules/stamps/stamp-test-helpers';

describe('partner cards API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  function call(user: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return context.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function vendorWithOwner(name: string, plan: PlanId = 'standard') {
    const owner = await signUpUser(context.app, { name: 'Owner' });
    const vendor = await createVendor(db(), { ownerUserId: owner.id, plan, businessName: name });
    return { owner, vendor };
  }

  /** A Standard owner with a card, and a Starter vendor invited to it. */
  async function invitedPartner(options: { stampsRequired?: number } = {}) {
    const owner = await vendorWithOwner('Burns Road Foods');
    const card = await createCard(db(), owner.vendor.id, {
      name: 'Food Street Card',
      stampsRequired: options.stampsRequired ?? 10,
      minStampIntervalMinutes: 0,
    });
    const partner = await vendorWithOwner('Karachi Chai House', 'starter');
    const invited = await call(owner.owner, 'POST', `/api/vendor/cards/${card.id}/partners`, {
      partner: partner.vendor.slug,
    });
    expect(invited.statusCode).toBe(200);
    return { owner, card, partner };
  }

  async function acceptedPartner(options: { stampsRequired?: number } = {}) {
    const setup = await invitedPartner(options);
    const accepted = await call(setup.partner.owner, 'POST', `/api/vendor/partner-invitations/${setup.card.id}`, {
      response: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    return setup;
  }

  it('lets the owner invite a vendor and the vendor accept, and both see it', async () => {
    const { owner, card, partner } = await invitedPartner();
    const waiting = (await call(partner.owner, 'GET', '/api/vendor/partner-invitations')).json();
    expect(waiting).toEqual({
      invitations: [
        {
          cardId: card.id,
          cardName: 'Food Street Card',
          cardStatus: 'active',
          stampsRequired: 10,
          rewardTitle: 'Free Chai',
          ownerName: 'Burns Road Foods',
          status: 'invited',
          invitedAt: context.clock.now().toISOString(),
        },
      ],
      honouring: [],
    });

    const accepted = await call(partner.owner, 'POST', `/api/vendor/partner-invitations/${card.id}`, {
      response: 'accept',
    });
    expect(accepted.json().honouring).toEqual([expect.objectContaining({ cardId: card.id, status: 'accepted' })]);
    const list = (await call(owner.owner, 'GET', `/api/vendor/cards/${card.id}/partners`)).json();
    expect(list.partners).toEqual([
      expect.objectContaining({ vendorId: partner.vendor.id, businessName: 'Karachi Chai House', status: 'accepted' }),
    ]);
    // Both sides are in the audit log, each under its own vendor.
    const audited = await db()
      .select({ action: auditLog.action, vendorId: auditLog.vendorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, card.id));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'partner.invite', vendorId: owner.vendor.id },
        { action: 'partner.accept', vendorId: partner.vendor.id },
      ]),
    );
  });

  it('finds the partner by its exact business name too, whatever the case', async () => {
    const owner = await vendorWithOwner('Liberty Sweets');
    const card = await createCard(db(), owner.vendor.id);
    await vendorWithOwner('Gulberg Bakers', 'starter');
    const response = await call(owner.owner, 'POST', `/api/vendor/cards/${card.id}/partners`, {
      partner: '  gulberg bakers ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().partners[0]).toMatchObject({ businessName: 'Gulberg Bakers', status: 'invited' });
  });

  it('refuses itself, duplicates, unknown or unapproved vendors, and empty input', async () => {
    const { owner, card, partner } = await invitedPartner();
    const pending = await createVendor(db(), { businessName: 'Pending Place', status: 'pending' });
    const cases: Array<[object, number, string]> = [
      [{ partner: owner.vendor.slug }, 409, PARTNER_MESSAGES.self],
      [{ partner: partner.vendor.slug }, 409, PARTNER_MESSAGES.duplicate('Karachi Chai House')],
      [{ partner: 'no-such-vendor' }, 404, PARTNER_MESSAGES.notFound],
      [{ partner: pending.slug }, 404, PARTNER_MESSAGES.notFound],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call(owner.owner, 'POST', `/api/vendor/cards/${card.id}/partners`, payload);
      expect([response.statusCode, response.json().error.message]).toEqual([status, message]);
    }
    const empty = await call(owner.owner, 'POST', `/api/vendor/cards/${card.id}/partners`, { partner: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Partner is required');
    const list = (await call(owner.owner, 'GET', `/api/vendor/cards/${card.id}/partners`)).json();
    expect(list.partners).toHaveLength(1);
  });

  it('lets only the owner of the card invite and remove, and only on a plan with partner cards', async () => {
    const { owner, card, partner } = await invitedPartner();
    const staff = await signUpUser(context.app, { name: 'Sana' });
    await db().insert(vendorMembers).values({ vendorId: owner.vendor.id, userId: staff.id, role: 'staff' });
    const third = await vendorWithOwner('Third Tikka', 'starter');
    expect(
      (await call(staff, 'POST', `/api/vendor/cards/${card.id}/partners`, { partner: third.vendor.slug })).statusCode,
    ).toBe(403);
    expect((await call(staff, 'DELETE', `/api/vendor/cards/${card.id}/partners/${partner.vendor.id}`)).statusCode).toBe(
      403,
    );
    // Another vendor (here on Starter) cannot invite to the card; reading its partners answers 404.
    expect(
      (await call(third.owner, 'POST', `/api/vendor/cards/${card.id}/partners`, { partner: partner.vendor.slug }))
        .statusCode,
    ).toBe(403);
    expect((await call(third.owner, 'GET', `/api/vendor/cards/${card.id}/partners`)).statusCode).toBe(404);
    // Staff of the invited vendor cannot answer for it; nor can a vendor that was not invited.
    const partnerStaff = await signUpUser(context.app, { name: 'Bilal' });
    await db().insert(vendorMembers).values({ vendorId: partner.vendor.id, userId: partnerStaff.id, role: 'staff' });
    expect(
      (await call(partnerStaff, 'POST', `/api/vendor/partner-invitations/${card.id}`, { response: 'accept' }))
        .statusCode,
    ).toBe(403);
    const uninvited = await vendorWithOwner('Uninvited Grill', 'starter');
    const refused = await call(uninvited.owner, 'POST', `/api/vendor/partner-invitations/${card.id}`, {
      response: 'accept',
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([404, PARTNER_MESSAGES.noInvitation]);
    const bad = await call(partner.owner, 'POST', `/api/vendor/partner-invitations/${card.id}`, { response: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Response must be accept, decline or leave.');

    const starter = await vendorWithOwner('Starter Samosa', 'starter');
    const starterCard = await createCard(db(), starter.vendor.id);
    const locked = await call(starter.owner, 'POST', `/api/vendor/cards/${starterCard.id}/partners`, {
      partner: partner.vendor.slug,
    });
    expect([locked.statusCode, locked.json().error.message]).toEqual([
      403,
      'Partner cards come with the Standard plan and above. Upgrade to invite partners.',
    ]);
  });

  it('lets a partner stamp the card from its own counter, counting against its own monthly limit', async () => {
    const { owner, card, partner } = await acceptedPartner();
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const code = await counterCodeFor(context.app, partner.owner.cookie, card.id);
    const collected = await collectWith(context.app, customer.cookie, code.qrPayload);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().userCard).toMatchObject({
      cardId: card.id,
      stampsCollected: 1,
      vendorName: 'Burns Road Foods',
    });
    const [stamp] = await db().select({ vendorId: stamps.vendorId }).from(stamps).where(eq(stamps.cardId, card.id));
    expect(stamp!.vendorId).toBe(partner.vendor.id);

    // The partner (starter, 500) reaches its own limit; the owner's counter still stamps.
    await prefillMonthlyStamps(
      context.app,
      db(),
      { owner: partner.owner, vendor: partner.vendor, card },
      499,
      context.clock.now(),
    );
    const next = await collectWith(
      context.app,
      (await signUpUser(context.app)).cookie,
      (await counterCodeFor(context.app, partner.owner.cookie, card.id)).qrPayload,
    );
    expect([next.statusCode, next.json().error.message]).toEqual([409, monthlyStampLimitMessage(500)]);
    const atOwner = await collectWith(
      context.app,
      (await signUpUser(context.app)).cookie,
      (await counterCodeFor(context.app, owner.owner.cookie, card.id)).qrPayload,
    );
    expect(atOwner.statusCode).toBe(200);
  });

  it('stops a removed or departed partner from stamping', async () => {
    const { owner, card, partner } = await acceptedPartner();
    const code = await counterCodeFor(context.app, partner.owner.cookie, card.id);
    const removed = await call(owner.owner, 'DELETE', `/api/vendor/cards/${card.id}/partners/${partner.vendor.id}`);
    expect(removed.json().partners[0]).toMatchObject({ status: 'removed' });
    // A code minted before the removal is refused like another vendor's.
    const refused = await collectWith(context.app, (await signUpUser(context.app)).cookie, code.qrPayload);
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, 'This code belongs to another vendor.']);
    expect((await call(partner.owner, 'POST', `/api/vendor/cards/${card.id}/counter-code`)).statusCode).toBe(404);
    expect(
      (await call(owner.owner, 'DELETE', `/api/vendor/cards/${card.id}/partners/${partner.vendor.id}`)).statusCode,
    ).toBe(404);

    // Invited again, accepted, then left: the same.
    await call(owner.owner, 'POST', `/api/vendor/cards/${card.id}/partners`, { partner: partner.vendor.slug });
    await call(partner.owner, 'POST', `/api/vendor/partner-invitations/${card.id}`, { response: 'accept' });
    expect((await call(partner.owner, 'POST', `/api/vendor/cards/${card.id}/counter-code`)).statusCode).toBe(200);
    const left = await call(partner.owner, 'POST', `/api/vendor/partner-invitations/${card.id}`, { response: 'leave' });
    expect(left.json()).toEqual({ invitations: [], honouring: [] });
    expect((await call(partner.owner, 'POST', `/api/vendor/cards/${card.id}/counter-code`)).statusCode).toBe(404);
  });

  it('lets a partner confirm the card’s reward, and records which vendor honoured it', async () => {
    const { card, owner, partner } = await acceptedPartner({ stampsRequired: 1 });
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const collected = await collectWith(
      context.app,
      customer.cookie,
      (await counterCodeFor(context.app, partner.owner.cookie, card.id)).qrPayload,
    );
    const rewardId = collected.json().reward.id as string;
    const code = await context.app.inject({
      method: 'POST',
      url: `/api/rewards/${rewardId}/redemption-code`,
      headers: { cookie: customer.cookie },
    });
    const outsider = await vendorWithOwner('Outsider Karahi', 'starter');
    expect(
      (await call(outsider.owner, 'POST', '/api/vendor/rewards/redeem', { code: code.json().qrPayload })).statusCode,
    ).toBe(403);
    const redeemed = await call(partner.owner, 'POST', '/api/vendor/rewards/redeem', { code: code.json().qrPayload });
    expect(redeemed.statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(rewards)
      .where(and(eq(rewards.id, rewardId)));
    expect(row).toMatchObject({ status: 'redeemed', redeemedByVendorId: partner.vendor.id });

    // The owner sees each vendor's share of the card: the partner issued the stamp and honoured the reward.
    const shares = (await call(owner.owner, 'GET', `/api/vendor/cards/${card.id}/partners`)).json().shares;
    expect(shares).toEqual([
      { vendorId: owner.vendor.id, businessName: 'Burns Road Foods', stamps: 0, redemptions: 0 },
      { vendorId: partner.vendor.id, businessName: 'Karachi Chai House', stamps: 1, redemptions: 1 },
    ]);
  });

  it('shows the customer one card honoured at every partner, and lists it publicly on each partner’s page', async () => {
    const { card, owner, partner } = await acceptedPartner();
    const customer = await signUpUser(context.app, { name: 'Zara' });
    await collectWith(
      context.app,
      customer.cookie,
      (await counterCodeFor(context.app, partner.owner.cookie, card.id)).qrPayload,
    );
    await collectWith(
      context.app,
      customer.cookie,
      (await counterCodeFor(context.app, owner.owner.cookie, card.id)).qrPayload,
    );
    const dashboard = (
      await context.app.inject({ method: 'GET', url: '/api/customer/dashboard', headers: { cookie: customer.cookie } })
    ).json();
    const held = dashboard.cards.filter((each: { cardId: string }) => each.cardId === card.id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      stampsCollected: 2,
      vendor: { name: 'Burns Road Foods' },
      partners: [{ name: 'Karachi Chai House', slug: partner.vendor.slug }],
    });

    const atPartner = (
      await context.app.inject({ method: 'GET', url: `/api/marketplace/cards?vendor=${partner.vendor.slug}` })
    ).json();
    expect(atPartner.cards.map((each: { id: string }) => each.id)).toEqual([card.id]);
    expect(atPartner.cards[0]).toMatchObject({
      vendor: { businessName: 'Burns Road Foods' },
      partners: [{ businessName: 'Karachi Chai House' }],
    });
  });
});
