import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { slugify } from '@shared/slug';
import { planFor } from '@shared/billing/plans';
import type { Database, Executor } from '@server/db/client';
import { loyaltyCards, supportReplyTemplates, vendors } from '@server/db/schema';
import { DEMO_DEAL, DEMO_VENDORS } from './demo-catalogue';
import { DEMO_SUPPORT_REPLIES } from './demo-support-replies';

/** SPEC.md: seeding is needed when there are 0 vendors and 0 loyalty cards. */
export async function isSeedingNeeded(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({
      vendors: sql<number>`(select count(*)::int from ${vendors})`,
      cards: sql<number>`(select count(*)::int from ${loyaltyCards})`,
    })
    .from(sql`(select 1) as one`);
  return !!row && row.vendors === 0 && row.cards === 0;
}

/** Seeds the demo catalogue once; concurrent starts are serialised by an advisory lock. */
export async function seedDemoData(db: Database, now: Date): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
    if (!(await isSeedingNeeded(tx))) return { seeded: false };
    for (const demo of DEMO_VENDORS) {
      const plan = planFor(demo.plan);
      const [vendor] = await tx
        .insert(vendors)
        .values({
          slug: slugify(`${demo.businessName} ${demo.city}`),
          businessName: demo.businessName,
          businessCategory: demo.businessCategory,
          businessDescription: demo.businessDescription,
          logo: demo.logo,
          address: demo.address,
          city: demo.city,
          area: demo.area,
          latitude: demo.pin.latitude,
          longitude: demo.pin.longitude,
          phone: demo.phone,
          whatsapp: demo.whatsapp,
          website: demo.website ?? null,
          status: 'approved',
          reviewedAt: now,
          subscriptionPlan: plan.id,
          subscriptionStatus: 'active',
          subscriptionReference: `demo_${plan.id}`,
          subscriptionUpdatedAt: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
          planLimits: plan.limits,
          isDemo: true,
        })
        .returning({ id: vendors.id });
      const isDeal = demo.card.cardType === 'daily_chaska';
      await tx.insert(loyaltyCards).values({
        vendorId: vendor!.id,
        ...demo.card,
        status: 'active',
        dealPrice: isDeal ? DEMO_DEAL.dealPrice : null,
        originalPrice: isDeal ? DEMO_DEAL.originalPrice : null,
        stockLeft: isDeal ? DEMO_DEAL.stockLeft : null,
        dealEndsAt: isDeal ? new Date(now.getTime() + DEMO_DEAL.endsInMs) : null,
        membershipFeeYearly: demo.card.cardType === 'exclusive' ? DEMO_DEAL.membershipFeeYearly : null,
      });
    }
    // The Chat Assistant's saved replies, unless an admin has written some already.
    const [template] = await tx.select({ id: supportReplyTemplates.id }).from(supportReplyTemplates).limit(1);
    if (!template) {
      await tx
        .insert(supportReplyTemplates)
        .values(DEMO_SUPPORT_REPLIES.map((reply) => ({ ...reply, createdAt: now, updatedAt: now })));
    }
    return { seeded: true };
  });
}

/**
 * Demo deals end about a day after seeding and ended deals leave the public pages, so a demo
 * that runs for days would show an empty Daily Chaska. At each demo start, ended deals of the
 * demo catalogue get a fresh end time (stock is left as it is).
 */
export async function renewEndedDemoDeals(db: Executor, now: Date): Promise<number> {
  const renewed = await db
    .update(loyaltyCards)
    .set({ dealEndsAt: new Date(now.getTime() + DEMO_DEAL.endsInMs), updatedAt: now })
    .where(
      and(
        eq(loyaltyCards.cardType, 'daily_chaska'),
        lt(loyaltyCards.dealEndsAt, now),
        inArray(
          loyaltyCards.vendorId,
          db
            .select({ id: vendors.id })
            .from(vendors)
            .where(
              inArray(
                vendors.slug,
                DEMO_VENDORS.map((demo) => slugify(`${demo.businessName} ${demo.city}`)),
              ),
            ),
        ),
      ),
    )
    .returning({ id: loyaltyCards.id });
  return renewed.length;
}
