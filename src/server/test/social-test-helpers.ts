import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Executor } from '@server/db/client';
import { loyaltyCards, socialSchedule } from '@server/db/schema';
import type { SocialScheduleInput } from '@shared/marketplace/social-api';
import { createCard, createVendor } from './factories';
import { startFakeSocialGraph, type FakeSocialGraph } from './fake-social-graph';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The fake Graph API for a test file, started before the file's app so the app is built with its
 * settings: pass `graph.settings` to useTestApp (it reads them when the app is built).
 */
export function useFakeSocialGraph(): { graph: FakeSocialGraph; settings: Record<string, string> } {
  const holder = { settings: {} as Record<string, string> } as {
    graph: FakeSocialGraph;
    settings: Record<string, string>;
  };
  beforeAll(async () => {
    holder.graph = await startFakeSocialGraph();
    Object.assign(holder.settings, holder.graph.settings());
  });
  afterAll(async () => {
    await holder.graph?.stop();
  });
  return holder;
}

/** A live Daily Chaska deal (or an Hourly one, with `startsAt`) of a new approved vendor. */
export async function createSocialDeal(
  db: Executor,
  now: Date,
  options: {
    name?: string;
    businessName?: string;
    startsAt?: Date;
    endsAt?: Date;
    dealPrice?: number | null;
    originalPrice?: number | null;
    vendorStatus?: 'approved' | 'suspended';
    cardStatus?: 'active' | 'paused';
    cardType?: 'daily_chaska' | 'free';
  } = {},
) {
  const vendor = await createVendor(db, {
    businessName: options.businessName ?? 'Karachi Chai House',
    city: 'Karachi',
    status: options.vendorStatus ?? 'approved',
  });
  const card = await createCard(db, vendor.id, {
    name: options.name ?? 'Doodh patti for two',
    cardType: options.cardType ?? 'daily_chaska',
    stampsRequired: 1,
    status: options.cardStatus ?? 'active',
    stockLeft: 10,
    dealStartsAt: options.startsAt ?? null,
    dealEndsAt: options.endsAt ?? new Date(now.getTime() + 7 * DAY_MS),
  });
  await db
    .update(loyaltyCards)
    .set({
      dealPrice: options.dealPrice === undefined ? 299 : options.dealPrice,
      originalPrice: options.originalPrice === undefined ? 499 : options.originalPrice,
    })
    .where(eq(loyaltyCards.id, card.id));
  return { vendor, card };
}

/** Writes the admin's schedule directly (the API's own test goes through the route). */
export async function setSocialSchedule(db: Executor, schedule: Partial<SocialScheduleInput>) {
  const values = {
    enabled: true,
    facebook: true,
    instagram: true,
    dailyPostTime: '10:00',
    postHourlyDeals: true,
    ...schedule,
  };
  await db
    .insert(socialSchedule)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: socialSchedule.id, set: values });
}
