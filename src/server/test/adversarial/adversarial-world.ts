import { planFor } from '@shared/billing/plans';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { rewards, userCards, users, vendorInvitations, vendorMembers, vendors } from '@server/db/schema';
import { createCheckoutSession } from '@server/modules/billing/sandbox-pay/checkout-sessions';
import {
  cookieFrom,
  createCard,
  createVendor,
  grantAdmin,
  signUpUser,
  type SignedInUser,
} from '@server/test/factories';
import { appCodeFor, signUpAdmin, withCookies } from '@server/test/two-factor-factory';

const PASSWORD = 'chai-and-paratha';

export interface AdversarialActor extends SignedInUser {
  password: string;
  /** The authenticator app's key, so the actor can sign in again through the code step. */
  otpauthUri: string;
}

/**
 * A signed-in platform admin as production has one (address verified, two-factor enrolled): the
 * one place the suites make an admin session.
 */
export async function adminSession(
  app: FastifyInstance,
  db: Database,
  profile: { name: string; surname: string },
): Promise<AdversarialActor> {
  const admin = await signUpAdmin(app, db, { ...profile, password: PASSWORD });
  return { ...admin, password: PASSWORD };
}

/** Real rows for every kind of path parameter, so a handler gets past "not found" and does its work. */
export interface WorldIds {
  /** The actor's own approved enterprise vendor and active card. */
  vendorId: string;
  vendorSlug: string;
  cardId: string;
  /** A customer of that vendor, a staff member and a pending staff invitation. */
  customerId: string;
  staffUserId: string;
  invitationId: string;
  apiKeyId: string;
  /** A key the vendor made itself (the vendor API page revokes it) and its webhook endpoint. */
  vendorApiKeyId: string;
  webhookEndpointId: string;
  /** A reward the actor earned at another vendor. */
  rewardId: string;
  /** What the admin acts on: another user, a pending vendor and its card. */
  targetUserId: string;
  targetVendorId: string;
  targetCardId: string;
  checkoutSessionId: string;
  textKey: string;
  accountId: string;
}

export interface AdversarialWorld {
  /**
   * One account that is an admin, the owner of an approved enterprise vendor and a customer with
   * a card and an earned reward: the most privileged session there is, so every guard lets it
   * through and each handler runs as far as its input allows.
   */
  actor: AdversarialActor;
  ids: WorldIds;
  /** The vendor's API key with every scope, sent by the suites to /api/v1 as a point of sale would. */
  apiKey: string;
}

export async function createAdversarialWorld(
  app: FastifyInstance,
  db: Database,
  config: Config,
  now: Date,
): Promise<AdversarialWorld> {
  const actor = await adminSession(app, db, { name: 'Fuzz', surname: 'Actor' });
  const vendor = await createVendor(db, {
    ownerUserId: actor.id,
    plan: 'enterprise',
    businessName: 'Fuzz Karahi House',
  });
  const card = await createCard(db, vendor.id, { name: 'Fuzz Card', minStampIntervalMinutes: 0 });

  const customer = await signUpUser(app, { name: 'Fuzz', surname: 'Customer' });
  await db.insert(userCards).values({ userId: customer.id, cardId: card.id, stampsCollected: 2 });
  const staff = await signUpUser(app, { name: 'Fuzz', surname: 'Staff' });
  await db.insert(vendorMembers).values({ vendorId: vendor.id, userId: staff.id, role: 'staff' });
  const invited = await app.inject({
    method: 'POST',
    url: '/api/vendor/staff/invitations',
    headers: { cookie: actor.cookie },
    payload: { email: 'fuzz.invitee@example.pk' },
  });
  if (invited.statusCode !== 200) throw new Error(`staff invitation failed: ${invited.statusCode} ${invited.body}`);
  const [invitation] = await db
    .select({ id: vendorInvitations.id })
    .from(vendorInvitations)
    .where(eq(vendorInvitations.vendorId, vendor.id));
  const apiKey = await app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: { cookie: actor.cookie },
    payload: { vendorId: vendor.id, name: 'Fuzz POS' },
  });
  if (apiKey.statusCode !== 201) throw new Error(`API key failed: ${apiKey.statusCode} ${apiKey.body}`);
  const vendorKey = async (name: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/vendor/api/keys',
      headers: { cookie: actor.cookie },
      payload: { name, scopes: ['read', 'stamp', 'redeem'], rateLimitPerMinute: 6000 },
    });
    if (response.statusCode !== 201) throw new Error(`vendor API key failed: ${response.statusCode} ${response.body}`);
    return response.json() as { key: string; apiKey: { id: string } };
  };
  const posKey = await vendorKey('Fuzz POS');
  const spareKey = await vendorKey('Fuzz spare');
  const endpoint = await app.inject({
    method: 'POST',
    url: '/api/vendor/api/webhooks',
    headers: { cookie: actor.cookie },
    payload: { url: 'https://pos.example.pk/hooks', events: ['stamp.created'] },
  });
  if (endpoint.statusCode !== 201) throw new Error(`webhook endpoint failed: ${endpoint.statusCode} ${endpoint.body}`);

  const otherVendor = await createVendor(db, { plan: 'premium', businessName: 'Fuzz Sweets' });
  const otherCard = await createCard(db, otherVendor.id, { name: 'Fuzz Sweets Card', stampsRequired: 5 });
  await db.insert(userCards).values({ userId: actor.id, cardId: otherCard.id, stampsCollected: 0 });
  const [reward] = await db
    .insert(rewards)
    .values({
      vendorId: otherVendor.id,
      cardId: otherCard.id,
      userId: actor.id,
      rewardTitle: 'Free Barfi',
      rewardValue: 300,
      status: 'earned',
      earnedAt: now,
    })
    .returning({ id: rewards.id });

  const targetUser = await signUpUser(app, { name: 'Fuzz', surname: 'Target' });
  const targetVendor = await createVendor(db, { status: 'pending', businessName: 'Fuzz Applicant Bakers' });
  const targetCard = await createCard(db, targetVendor.id, { name: 'Fuzz Applicant Card' });
  const session = await createCheckoutSession(
    db,
    {
      vendorId: vendor.id,
      planId: 'premium',
      successUrl: `${config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${config.publicUrl}/payment/cancel`,
      creditAmount: 0,
      creditPlanId: null,
    },
    now,
  );

  return {
    actor,
    apiKey: posKey.key,
    ids: {
      vendorId: vendor.id,
      vendorSlug: vendor.slug,
      cardId: card.id,
      customerId: customer.id,
      staffUserId: staff.id,
      invitationId: invitation!.id,
      apiKeyId: apiKey.json().apiKey.id as string,
      vendorApiKeyId: spareKey.apiKey.id,
      webhookEndpointId: endpoint.json().endpoint.id as string,
      rewardId: reward!.id,
      targetUserId: targetUser.id,
      targetVendorId: targetVendor.id,
      targetCardId: targetCard.id,
      checkoutSessionId: session.id,
      textKey: 'landing:hero.headline',
      accountId: config.payments.accountId,
    },
  };
}

/**
 * Puts the actor back after a route did what it is for (signing out, closing the vendor,
 * suspending it): a fresh session, admin again, the vendor approved and open, the account enabled.
 */
export async function restoreActor(app: FastifyInstance, db: Database, world: AdversarialWorld): Promise<void> {
  const { actor, ids } = world;
  await db.update(users).set({ disabledAt: null }).where(eq(users.id, actor.id));
  await grantAdmin(db, actor.email);
  // Own-origin calls of earlier routes may have closed the vendor or ended its plan (Close Account
  // cancels billing at once): the world's vendor is an open Enterprise vendor again.
  const enterprise = planFor('enterprise');
  await db
    .update(vendors)
    .set({
      status: 'approved',
      closedAt: null,
      subscriptionPlan: enterprise.id,
      subscriptionStatus: 'active',
      planLimits: enterprise.limits,
    })
    .where(eq(vendors.id, ids.vendorId));
  const [membership] = await db
    .select()
    .from(vendorMembers)
    .where(and(eq(vendorMembers.vendorId, ids.vendorId), eq(vendorMembers.userId, actor.id)));
  if (!membership) await db.insert(vendorMembers).values({ vendorId: ids.vendorId, userId: actor.id, role: 'owner' });
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: actor.cookie } });
  if (me.json().user) return;
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-in',
    payload: { email: actor.email, password: actor.password },
  });
  if (signedIn.statusCode !== 200)
    throw new Error(`the actor could not sign in again: ${signedIn.statusCode} ${signedIn.body}`);
  const code = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-in/two-factor',
    headers: { cookie: cookieFrom(signedIn) },
    payload: { code: await appCodeFor(app, actor.otpauthUri) },
  });
  if (code.statusCode !== 200)
    throw new Error(`the actor's second factor was refused: ${code.statusCode} ${code.body}`);
  actor.cookie = withCookies(cookieFrom(signedIn), code);
}
