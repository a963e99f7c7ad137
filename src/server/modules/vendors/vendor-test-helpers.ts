import type { FastifyInstance, InjectOptions } from 'fastify';
import type { PlanId } from '@shared/billing/plans';
import { defaultOpeningHours } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { eq, sql } from 'drizzle-orm';
import { rewards, stamps, userCards, vendorMembers } from '@server/db/schema';
import { createVendor, signUpUser } from '@server/test/factories';

/** For the vendor-area API tests: an owner with an approved vendor on a plan, and staff of it. */
export async function vendorOwner(
  app: FastifyInstance,
  db: Executor,
  plan: PlanId = 'standard',
  options: { businessName?: string } = {},
) {
  const owner = await signUpUser(app);
  const vendor = await createVendor(db, { ownerUserId: owner.id, plan, businessName: options.businessName });
  return { owner, vendor };
}

export async function vendorStaff(app: FastifyInstance, db: Executor, vendorId: string) {
  const staff = await signUpUser(app, { name: 'Bilal', surname: 'Staff' });
  await db.insert(vendorMembers).values({ vendorId, userId: staff.id, role: 'staff' });
  return staff;
}

/** A valid branch as the owner's form sends it, in Lahore (decision 084). */
export function branchOf(name = 'DHA Phase 5', overrides: Record<string, unknown> = {}) {
  return {
    name,
    address: '12 Commercial Area',
    city: 'Lahore',
    area: 'DHA',
    position: { latitude: 31.4697, longitude: 74.4084 },
    phone: '+92 42 111 222 333',
    whatsapp: '',
    openingHours: defaultOpeningHours(),
    ...overrides,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A request as a signed-in browser would send it. */
export function callAs(
  app: FastifyInstance,
  cookie: string,
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
) {
  return app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}

/**
 * Stamps straight into the tables, as the stamps module would have written them, so analytics
 * and customer tests can set up history at chosen times.
 */
export async function recordStamps(
  db: Executor,
  input: { vendorId: string; cardId: string; userId: string; times: Date[]; joinedAt?: Date },
): Promise<string> {
  const joinedAt = input.joinedAt ?? input.times[0] ?? new Date();
  const [holding] = await db
    .insert(userCards)
    .values({
      userId: input.userId,
      cardId: input.cardId,
      createdAt: joinedAt,
      startedAt: joinedAt,
      stampsCollected: input.times.length,
    })
    .onConflictDoUpdate({
      target: [userCards.userId, userCards.cardId],
      set: { stampsCollected: sql`${userCards.stampsCollected} + ${input.times.length}` },
    })
    .returning();
  const last = input.times.reduce<Date | null>((latest, time) => (!latest || time > latest ? time : latest), null);
  if (last) await db.update(userCards).set({ lastStampAt: last }).where(eq(userCards.id, holding!.id));
  if (input.times.length > 0) {
    await db.insert(stamps).values(
      input.times.map((issuedAt, index) => ({
        userCardId: holding!.id,
        vendorId: input.vendorId,
        cardId: input.cardId,
        userId: input.userId,
        qrCode: `test-${index}`,
        issuedAt,
        createdAt: issuedAt,
      })),
    );
  }
  return holding!.id;
}

export async function recordReward(
  db: Executor,
  input: {
    vendorId: string;
    cardId: string;
    userId: string;
    earnedAt: Date;
    redeemedAt?: Date;
    redeemedByVendorId?: string;
  },
): Promise<void> {
  await db.insert(rewards).values({
    vendorId: input.vendorId,
    cardId: input.cardId,
    userId: input.userId,
    rewardTitle: 'Free Chai',
    rewardValue: 500,
    earnedAt: input.earnedAt,
    status: input.redeemedAt ? 'redeemed' : 'earned',
    redeemedAt: input.redeemedAt ?? null,
    redeemedByVendorId: input.redeemedByVendorId ?? null,
  });
}
