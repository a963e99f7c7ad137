import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { formatPKR } from '@shared/number-format';
import { pakistanDateKey, startOfPakistanDay } from '@shared/pakistan-time';
import { cardPagePath, SHARE_IMAGE_PATHS, SHARE_JPEG_PATHS } from '@shared/marketplace/share';
import {
  SOCIAL_NETWORKS,
  SOCIAL_POST_MAX_ATTEMPTS,
  type SocialNetwork,
  type SocialPostKind,
} from '@shared/marketplace/social-posts';
import type { SocialScheduleInput } from '@shared/marketplace/social-api';
import type { Config, SocialConfig } from '@server/config';
import type { Database } from '@server/db/client';
import { loyaltyCards, socialPosts, vendors } from '@server/db/schema';
import { enqueueJobs, jobKind, newJob } from '@server/lib/job-queue';
import { inTextLanguage, serverText } from '@server/lib/texts';
import { isPublicCard } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';

/** The job that publishes one planned post (social-post-jobs.ts). */
export const SOCIAL_PUBLISH_JOB = jobKind('social.publish', z.object({ postId: z.uuid() }));

/**
 * An hourly deal is posted within this long of its start; one that started earlier (the agent
 * was off, or its hourly posts were) is left alone rather than announced as "on now" hours late.
 */
export const HOURLY_POST_WINDOW_MS = 60 * 60 * 1000;

/** The networks a post goes to: those the admin chose that have their settings. */
export function networksToPost(
  schedule: Pick<SocialScheduleInput, SocialNetwork>,
  social: Pick<SocialConfig, SocialNetwork>,
): SocialNetwork[] {
  return SOCIAL_NETWORKS.filter((network) => schedule[network] && social[network] !== undefined);
}

/** The instant of today's Daily Chaska post: the schedule's HH:MM on the Pakistan day of `now`. */
export function dailyPostInstant(dailyPostTime: string, now: Date): Date {
  const [hours = 0, minutes = 0] = dailyPostTime.split(':').map(Number);
  return new Date(startOfPakistanDay(now).getTime() + (hours * 60 + minutes) * 60_000);
}

/**
 * What the schedule has due at `now`: nothing while it is off; the day's Daily Chaska from its
 * post time until the day ends (a pass that comes later that day still posts it, once); the
 * hourly deals as they start, when it posts them.
 */
export function dueKinds(
  schedule: Pick<SocialScheduleInput, 'enabled' | 'dailyPostTime' | 'postHourlyDeals'>,
  now: Date,
): SocialPostKind[] {
  if (!schedule.enabled) return [];
  const kinds: SocialPostKind[] = [];
  if (now.getTime() >= dailyPostInstant(schedule.dailyPostTime, now).getTime()) kinds.push('daily_chaska');
  if (schedule.postHourlyDeals) kinds.push('hourly_deal');
  return kinds;
}

/**
 * The slot that makes a post once-only: the Pakistan day of a Daily Chaska post, the Pakistan
 * day and hour of an hourly deal's start.
 */
export function slotOf(kind: SocialPostKind, now: Date, dealStartsAt: Date | null): string {
  if (kind === 'daily_chaska') return pakistanDateKey(now);
  const start = dealStartsAt ?? now;
  const hour = Math.floor((start.getTime() - startOfPakistanDay(start).getTime()) / 3_600_000);
  return `${pakistanDateKey(start)}T${String(hour).padStart(2, '0')}`;
}

export interface SocialDeal {
  cardId: string;
  name: string;
  vendorName: string;
  vendorSlug: string;
  city: string;
  dealPrice: number | null;
  originalPrice: number | null;
  dealStartsAt: Date | null;
}

/**
 * The deals a kind of post is about, as the public sees them at `now` (cards/public-visibility.ts
 * and vendors/public-vendor.ts, the one rule of which cards are live, as the hourly deals'
 * announcer reads it): the day's Daily Chaska cards (without a start), or the Hourly Chaska deals
 * that started within HOURLY_POST_WINDOW_MS.
 */
export async function listDealsToPost(db: Database, kind: SocialPostKind, now: Date): Promise<SocialDeal[]> {
  const ofKind =
    kind === 'daily_chaska'
      ? and(eq(loyaltyCards.cardType, 'daily_chaska'), isNull(loyaltyCards.dealStartsAt))
      : and(
          isNotNull(loyaltyCards.dealStartsAt),
          lte(loyaltyCards.dealStartsAt, now),
          gt(loyaltyCards.dealStartsAt, new Date(now.getTime() - HOURLY_POST_WINDOW_MS)),
        );
  return db
    .select({
      cardId: loyaltyCards.id,
      name: loyaltyCards.name,
      vendorName: vendors.businessName,
      vendorSlug: vendors.slug,
      city: vendors.city,
      dealPrice: loyaltyCards.dealPrice,
      originalPrice: loyaltyCards.originalPrice,
      dealStartsAt: loyaltyCards.dealStartsAt,
    })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(and(ofKind, isPublicCard(now), isPublicVendor()))
    .orderBy(loyaltyCards.createdAt, loyaltyCards.id);
}

/**
 * The post's words, from the catalogue in the platform's language (English; the admin may change
 * them in the Global Text Editor): the deal, its vendor and city, its price where the card has
 * one, and the address of the card's public page.
 */
export function socialCaption(kind: SocialPostKind, deal: SocialDeal, link: string): string {
  return inTextLanguage('en', () => {
    const price =
      deal.dealPrice === null
        ? ''
        : deal.originalPrice !== null && deal.originalPrice > deal.dealPrice
          ? serverText('admin:social.caption.priceWas', {
              price: formatPKR(deal.dealPrice),
              originalPrice: formatPKR(deal.originalPrice),
            })
          : serverText('admin:social.caption.price', { price: formatPKR(deal.dealPrice) });
    const values = { deal: deal.name, vendor: deal.vendorName, city: deal.city, price, link };
    return kind === 'daily_chaska'
      ? serverText('admin:social.caption.daily', values)
      : serverText('admin:social.caption.hourly', values);
  });
}

/** The card's share picture for a network: PNG for Facebook, its JPEG form for Instagram. */
export function sharePictureUrl(publicUrl: string, network: SocialNetwork, cardId: string): string {
  return `${publicUrl}${network === 'instagram' ? SHARE_JPEG_PATHS.card(cardId) : SHARE_IMAGE_PATHS.card(cardId)}`;
}

export interface PlannedPosts {
  /** Posts written now (each with its publishing job). */
  planned: number;
  /** Deals of the kinds asked for, whether or not they had been posted before. */
  deals: number;
}

/**
 * Plans one post per network per deal per slot, each with its publishing job in the same
 * transaction. The slot's unique key makes it idempotent: a deal already planned for this day
 * (or this hour's start) on a network is not written again, however many passes or presses.
 */
export async function planSocialPosts(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  input: { kinds: readonly SocialPostKind[]; networks: readonly SocialNetwork[] },
  now: Date,
): Promise<PlannedPosts> {
  if (input.kinds.length === 0 || input.networks.length === 0) return { planned: 0, deals: 0 };
  const rows: (typeof socialPosts.$inferInsert)[] = [];
  let deals = 0;
  for (const kind of input.kinds) {
    const found = await listDealsToPost(db, kind, now);
    deals += found.length;
    for (const deal of found) {
      const link = `${config.publicUrl}${cardPagePath(deal.vendorSlug, deal.cardId)}`;
      const caption = socialCaption(kind, deal, link);
      for (const network of input.networks) {
        rows.push({
          network,
          kind,
          cardId: deal.cardId,
          slot: slotOf(kind, now, deal.dealStartsAt),
          caption,
          imageUrl: sharePictureUrl(config.publicUrl, network, deal.cardId),
          link,
          scheduledFor: now,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
  }
  if (rows.length === 0) return { planned: 0, deals };
  const planned = await db.transaction(async (tx) => {
    const written = await tx
      .insert(socialPosts)
      .values(rows)
      .onConflictDoNothing({
        target: [socialPosts.network, socialPosts.kind, socialPosts.cardId, socialPosts.slot],
      })
      .returning({ id: socialPosts.id });
    await enqueueJobs(
      tx,
      written.map((post) => publishJobFor(post.id, now)),
    );
    return written.length;
  });
  return { planned, deals };
}

/** A post's publishing job: tried up to SOCIAL_POST_MAX_ATTEMPTS times with the queue's back-off. */
export function publishJobFor(postId: string, now: Date, round = 0) {
  return newJob(
    SOCIAL_PUBLISH_JOB,
    { postId },
    { runAt: now, uniqueKey: `social-post:${postId}:${round}`, maxAttempts: SOCIAL_POST_MAX_ATTEMPTS },
  );
}
