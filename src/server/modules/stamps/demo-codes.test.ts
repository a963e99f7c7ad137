import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loyaltyCards, stamps, userCards, vendors } from '@server/db/schema';
import { migrationsFolder } from '@server/paths';
import { TEST_SECRET, useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { seedDemoData } from '@server/modules/platform/seed-demo-data';
import { encodeCode, newCodeId, stampCodeKey } from './stamp-codes';
import { collectWith, expectCollectRefused } from './stamp-test-helpers';

/** Demo mode (the default on the embedded database): demo codes touch the demo shops only. */
describe('demo codes', () => {
  const context = useTestApp({ DEMO_MODE: 'true' });
  const db = () => context.database.db;
  beforeAll(async () => {
    await seedDemoData(db(), context.clock.now());
  });

  const demoCode = (cookie: string) =>
    context.app.inject({ method: 'POST', url: '/api/stamps/demo-code', headers: { cookie } });
  const demoCard = async (name: string) => {
    const [card] = await db().select().from(loyaltyCards).where(eq(loyaltyCards.name, name));
    return card!;
  };

  /** A vendor who applied and was approved, on the starter plan, and a customer holding its card. */
  async function realVendorCardHeldBy(customerId: string) {
    const owner = await signUpUser(context.app);
    // Named like a demo shop on purpose: the name marks nothing.
    const vendor = await createVendor(db(), {
      ownerUserId: owner.id,
      businessName: 'Butt Karahi House',
      plan: 'starter',
    });
    const card = await createCard(db(), vendor.id, { name: 'Real Karahi Card', minStampIntervalMinutes: 0 });
    await db().insert(userCards).values({ userId: customerId, cardId: card.id, startedAt: context.clock.now() });
    return { vendor, card };
  }

  it("never mints a demo code for a real vendor's card the customer holds", async () => {
    const customer = await signUpUser(context.app);
    await realVendorCardHeldBy(customer.id);
    const response = await demoCode(customer.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('No loyalty cards found. Please add some cards first!');
  });

  it("refuses a demo code naming a real vendor's card and leaves its quota alone", async () => {
    const customer = await signUpUser(context.app);
    const { vendor, card } = await realVendorCardHeldBy(customer.id);
    const forged = encodeCode(stampCodeKey(TEST_SECRET), {
      kind: 'demo',
      cardId: card.id,
      vendorId: vendor.id,
      codeId: newCodeId(),
      issuedAt: context.clock.now(),
    });
    await expectCollectRefused(context.app, customer.cookie, [forged], 403, {
      code: 'forbidden',
      message: 'Demo codes only work on the cards of the demo shops.',
    });
    expect(await db().select().from(stamps).where(eq(stamps.vendorId, vendor.id))).toEqual([]);
  });

  it("keeps the card's interval: the next demo stamp waits for it, and says when", async () => {
    context.clock.moveToNextPakistanTime(12, 30);
    const customer = await signUpUser(context.app);
    const card = await demoCard('Karahi Lovers Club');
    await db().insert(userCards).values({ userId: customer.id, cardId: card.id, startedAt: context.clock.now() });

    const first = (await demoCode(customer.cookie)).json();
    expect(first.card).toEqual({ id: card.id, name: 'Karahi Lovers Club' });
    expect((await collectWith(context.app, customer.cookie, first.code.qrPayload)).statusCode).toBe(200);

    const early = await demoCode(customer.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'stamp_too_soon',
      message:
        'You collected stamps on all your cards recently. Your next demo stamp is possible at 1:30 pm (in 60 minutes).',
    });
    // A second demo code minted at once (by a script) is refused by the stamp itself.
    const forged = encodeCode(stampCodeKey(TEST_SECRET), {
      kind: 'demo',
      cardId: card.id,
      vendorId: card.vendorId,
      codeId: newCodeId(),
      issuedAt: context.clock.now(),
    });
    const refused = await collectWith(context.app, customer.cookie, forged);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('stamp_too_soon');

    context.clock.advance(60 * 60_000);
    const later = (await demoCode(customer.cookie)).json();
    const collected = await collectWith(context.app, customer.cookie, later.code.typedCode);
    expect(collected.json().userCard).toMatchObject({ cardId: card.id, stampsCollected: 2 });
  });

  it('marks the seeded vendors as demo vendors, and the migration marks those seeded before the mark existed', async () => {
    const marked = await db()
      .select({ name: vendors.businessName, isDemo: vendors.isDemo })
      .from(vendors)
      .where(eq(vendors.isDemo, true));
    expect(marked).toHaveLength(6);
    const applicant = await createVendor(db(), { businessName: 'Chai Khana Café', city: 'Islamabad' });
    expect(applicant.isDemo).toBe(false);

    await db().update(vendors).set({ isDemo: false });
    const migration = readFileSync(path.join(migrationsFolder, '0010_single_use_codes_and_demo_vendors.sql'), 'utf8');
    const markExisting = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('SET "is_demo" = true'))!;
    await db().execute(sql.raw(markExisting));
    const remarked = await db().select({ id: vendors.id }).from(vendors).where(eq(vendors.isDemo, true));
    expect(remarked).toHaveLength(6);
    expect(remarked.map((row) => row.id)).not.toContain(applicant.id);
  });
});
