import { randomBytes } from 'node:crypto';
import type { EarnKind, Milestone, TierRule } from '@shared/cards/earn-rules';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { planFor, type PlanId } from '@shared/billing/plans';
import { slugify } from '@shared/slug';
import type { CardStatus, CardType } from '@shared/cards/cards';
import type { City, VendorCategory } from '@shared/places';
import type { VendorStatus } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { adminUsers, loyaltyCards, vendorMembers, vendors } from '@server/db/schema';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.pk`;
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export interface SignedInUser {
  id: string;
  email: string;
  cookie: string;
}

/** Signs a customer up through the real API and returns their session cookie. */
export async function signUpUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; surname: string; email: string; password: string }> = {},
  /** Tests of the per-IP limits sign people up from addresses of their own. */
  from: { remoteAddress?: string } = {},
): Promise<SignedInUser> {
  const body = { name: 'Ayesha', surname: 'Khan', email: uniqueEmail(), password: 'chai-and-paratha', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: body, ...from });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { id: response.json().user.id, email: body.email.toLowerCase(), cookie: cookieFrom(response) };
}

export async function grantAdmin(db: Executor, email: string): Promise<void> {
  await db
    .insert(adminUsers)
    .values({ email: email.toLowerCase(), role: 'admin', grantedBy: 'test' })
    .onConflictDoNothing();
}

export async function createVendor(
  db: Executor,
  options: Partial<{
    businessName: string;
    city: City;
    businessCategory: VendorCategory;
    status: VendorStatus;
    plan: PlanId;
    ownerUserId: string;
    memberRole: 'owner' | 'staff';
  }> = {},
) {
  const name = options.businessName ?? `Test Vendor ${randomBytes(3).toString('hex')}`;
  const plan = planFor(options.plan ?? 'starter');
  const [vendor] = await db
    .insert(vendors)
    .values({
      slug: `${slugify(name)}-${randomBytes(3).toString('hex')}`,
      businessName: name,
      businessCategory: options.businessCategory ?? 'restaurant',
      address: '1 Mall Road',
      city: options.city ?? 'Lahore',
      area: 'Gulberg',
      phone: '+92 300 1234567',
      status: options.status ?? 'approved',
      subscriptionPlan: plan.id,
      subscriptionStatus: 'active',
      planLimits: plan.limits,
    })
    .returning();
  if (options.ownerUserId) {
    await db
      .insert(vendorMembers)
      .values({ vendorId: vendor!.id, userId: options.ownerUserId, role: options.memberRole ?? 'owner' });
  }
  return vendor!;
}

export async function createCard(
  db: Executor,
  vendorId: string,
  options: Partial<{
    name: string;
    cardType: CardType;
    stampsRequired: number;
    status: CardStatus;
    rewardValue: number;
    minStampIntervalMinutes: number;
    stockLeft: number | null;
    dealStartsAt: Date | null;
    dealEndsAt: Date | null;
    featuredOrder: number | null;
    createdAt: Date;
    /** How the card earns and what it gives (decision 085). */
    earnKind: EarnKind;
    pointsPer100Pkr: number | null;
    minBillPkr: number;
    maxItemsPerVisit: number | null;
    headStartStamps: number;
    milestones: Milestone[];
    /** The counter stamps one customer may collect on it in a day (decision 086). */
    dailyStampCap: number;
    /** Levels by visits or points (decision 087). */
    tiers: TierRule | null;
  }> = {},
) {
  const [card] = await db
    .insert(loyaltyCards)
    .values({
      vendorId,
      name: options.name ?? 'Test Card',
      cardType: options.cardType ?? 'free',
      stampsRequired: options.stampsRequired ?? 10,
      earnKind: options.earnKind ?? 'visit',
      pointsPer100Pkr: options.pointsPer100Pkr ?? null,
      minBillPkr: options.minBillPkr ?? 0,
      maxItemsPerVisit: options.maxItemsPerVisit ?? null,
      headStartStamps: options.headStartStamps ?? 0,
      milestones: options.milestones ?? [],
      tiers: options.tiers ?? null,
      ...(options.dailyStampCap ? { dailyStampCap: options.dailyStampCap } : {}),
      rewardTitle: 'Free Chai',
      rewardValue: options.rewardValue ?? 500,
      status: options.status ?? 'active',
      minStampIntervalMinutes: options.minStampIntervalMinutes ?? 60,
      stockLeft: options.stockLeft ?? null,
      dealStartsAt: options.dealStartsAt ?? null,
      dealEndsAt: options.dealEndsAt ?? null,
      featuredOrder: options.featuredOrder ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return card!;
}
