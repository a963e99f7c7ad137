import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RotatingCode } from '@shared/stamps/stamps';
import type { PlanId } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { stamps, userCards } from '@server/db/schema';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';

/** Test support for the stamps, rewards, customer and live suites (not a test file itself). */
export interface VendorSetup {
  owner: SignedInUser;
  vendor: Awaited<ReturnType<typeof createVendor>>;
  card: Awaited<ReturnType<typeof createCard>>;
}

/**
 * Owais owns a vendor (Enterprise unless `plan` says otherwise) with one card of `card`'s terms,
 * which by default may stamp again at once (no interval between stamps).
 */
export async function setUpVendorWithCard(
  app: FastifyInstance,
  db: Executor,
  { plan = 'enterprise', ...card }: { plan?: PlanId } & NonNullable<Parameters<typeof createCard>[2]> = {},
): Promise<VendorSetup> {
  const owner = await signUpUser(app, { name: 'Owais' });
  const vendor = await createVendor(db, { ownerUserId: owner.id, plan });
  return { owner, vendor, card: await createCard(db, vendor.id, { minStampIntervalMinutes: 0, ...card }) };
}

export async function counterCodeFor(app: FastifyInstance, staffCookie: string, cardId: string): Promise<RotatingCode> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/vendor/cards/${cardId}/counter-code`,
    headers: { cookie: staffCookie },
  });
  if (response.statusCode !== 200) throw new Error(`counter code failed: ${response.statusCode} ${response.body}`);
  return response.json().code as RotatingCode;
}

export function collectWith(app: FastifyInstance, customerCookie: string, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/stamps/collect',
    headers: { cookie: customerCookie },
    payload: { code },
  });
}

/** Each of `attempts` (a code, or its typed form) is refused to the customer with `status` and `error`. */
export async function expectCollectRefused(
  app: FastifyInstance,
  customerCookie: string,
  attempts: string[],
  status: number,
  error: { code: string; message: string },
): Promise<void> {
  for (const attempt of attempts) {
    const response = await collectWith(app, customerCookie, attempt);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toEqual(error);
  }
}

export async function customerCodeOf(app: FastifyInstance, customerCookie: string): Promise<RotatingCode> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/stamps/my-code',
    headers: { cookie: customerCookie },
  });
  if (response.statusCode !== 200) throw new Error(`my code failed: ${response.statusCode} ${response.body}`);
  return response.json() as RotatingCode;
}

/** Staff scan the customer's My QR and stamp the setup's card (must succeed); the stamp's answer. */
export async function staffStampsCustomer(app: FastifyInstance, setup: VendorSetup, customerCookie: string) {
  const code = await customerCodeOf(app, customerCookie);
  const response = await app.inject({
    method: 'POST',
    url: '/api/vendor/stamps',
    headers: { cookie: setup.owner.cookie },
    payload: { customerCode: code.qrPayload, cardId: setup.card.id },
  });
  if (response.statusCode !== 200) throw new Error(`staff stamp failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * The customer shows the reward's live code and staff confirm it at their counter: the
 * confirmation's answer, or the refusal to show the code (a redeemed reward has none to show).
 */
export async function redeemAtCounter(
  app: FastifyInstance,
  customerCookie: string,
  staffCookie: string,
  rewardId: string,
) {
  const code = await app.inject({
    method: 'POST',
    url: `/api/rewards/${rewardId}/redemption-code`,
    headers: { cookie: customerCookie },
  });
  if (code.statusCode !== 200) return code;
  return app.inject({
    method: 'POST',
    url: '/api/vendor/rewards/redeem',
    headers: { cookie: staffCookie },
    payload: { code: code.json().qrPayload },
  });
}

/** Collects `count` stamps on the card with fresh counter codes (the card's interval must be 0). */
export async function collectStamps(app: FastifyInstance, setup: VendorSetup, customerCookie: string, count: number) {
  let last;
  for (let index = 0; index < count; index += 1) {
    const code = await counterCodeFor(app, setup.owner.cookie, setup.card.id);
    last = await collectWith(app, customerCookie, code.qrPayload);
    if (last.statusCode !== 200) throw new Error(`collect failed: ${last.statusCode} ${last.body}`);
  }
  return last!.json();
}

/**
 * Fills this month's stamp count of the vendor up to `count` with stamps of a filler customer,
 * so a test reaches a real plan limit (starter: 500) without scanning hundreds of codes.
 */
export async function prefillMonthlyStamps(
  app: FastifyInstance,
  db: Executor,
  setup: VendorSetup,
  count: number,
  issuedAt: Date,
): Promise<void> {
  const filler = await signUpUser(app, { name: 'Filler' });
  const [userCard] = await db
    .insert(userCards)
    .values({ userId: filler.id, cardId: setup.card.id })
    .returning({ id: userCards.id });
  // In slices: one statement's triggers update the same rollup rows once per stamp, and each
  // update walks the versions the statement left before it, so one statement of 5,000 is quadratic.
  for (let first = 1; first <= count; first += PREFILL_SLICE) {
    const last = Math.min(count, first + PREFILL_SLICE - 1);
    await db.execute(sql`
      insert into ${stamps} (${sql.join(
        [stamps.userCardId, stamps.vendorId, stamps.cardId, stamps.userId, stamps.qrCode, stamps.issuedAt].map(
          (column) => sql.identifier(column.name),
        ),
        sql`, `,
      )})
      select ${userCard!.id}, ${setup.vendor.id}, ${setup.card.id}, ${filler.id}, 'prefill:' || n, ${issuedAt.toISOString()}::timestamptz
      from generate_series(${first}::int, ${last}::int) as n`);
  }
}

const PREFILL_SLICE = 250;
