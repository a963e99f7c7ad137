import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { socialPostQuerySchema } from '@shared/marketplace/social-api';
import type { Executor } from '@server/db/client';
import { socialPosts } from '@server/db/schema';
import { presentSocialPost, selectSocialPosts } from './present-social-post';

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
