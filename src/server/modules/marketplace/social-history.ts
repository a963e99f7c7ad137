import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SOCIAL_POST_MAX_ATTEMPTS } from '@shared/marketplace/social-posts';
import type { SocialPostRow, socialPostQuerySchema } from '@shared/marketplace/social-api';
import type { Executor } from '@server/db/client';
import { loyaltyCards, socialPosts, vendors } from '@server/db/schema';

const postColumns = {
  post: socialPosts,
  cardName: loyaltyCards.name,
  vendorName: vendors.businessName,
};

/** A post of the Social Media Agent's history, with the card and vendor it is about (null once the card is deleted). */
export function presentSocialPost(row: {
  post: typeof socialPosts.$inferSelect;
  cardName: string | null;
  vendorName: string | null;
}): SocialPostRow {
  const { post } = row;
  return {
    id: post.id,
    network: post.network,
    kind: post.kind,
    cardName: row.cardName,
    vendorName: row.vendorName,
    caption: post.caption,
    imageUrl: post.imageUrl,
    link: post.link,
    status: post.status,
    attempts: post.attempts,
    maxAttempts: SOCIAL_POST_MAX_ATTEMPTS,
    lastError: post.lastError,
    externalUrl: post.externalUrl,
    scheduledFor: post.scheduledFor.toISOString(),
    postedAt: post.postedAt?.toISOString() ?? null,
  };
}

/** Posts with their card's and vendor's names, for the history and the answer of a retry. */
export function selectSocialPosts(db: Executor) {
  return db
    .select(postColumns)
    .from(socialPosts)
    .leftJoin(loyaltyCards, eq(loyaltyCards.id, socialPosts.cardId))
    .leftJoin(vendors, eq(vendors.id, loyaltyCards.vendorId));
}

/** The history, newest first, one page at a time, of one status or all. */
export async function listSocialPosts(db: Executor, query: z.infer<typeof socialPostQuerySchema>) {
  const where = query.status === 'all' ? undefined : eq(socialPosts.status, query.status);
  const [rows, [total]] = await Promise.all([
    selectSocialPosts(db)
      .where(where)
      .orderBy(desc(socialPosts.scheduledFor), desc(socialPosts.createdAt), desc(socialPosts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(socialPosts).where(where),
  ]);
  return { posts: rows.map(presentSocialPost), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}
