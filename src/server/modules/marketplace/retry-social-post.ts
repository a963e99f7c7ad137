import { and, eq } from 'drizzle-orm';
import type { SocialPostRow } from '@shared/marketplace/social-api';
import type { Database } from '@server/db/client';
import { socialPosts } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { enqueueJob } from '@server/lib/job-queue';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';
import { publishJobFor } from './plan-social-posts';
import { presentSocialPost, selectSocialPosts } from './social-history';

/**
 * A failed post back to pending with a new publishing job (a full set of tries), in one
 * transaction with its line in the audit log. Only a failed post: a second press while the
 * first retry is pending is a 409, never a second job.
 */
export async function retrySocialPost(
  db: Database,
  postId: string,
  actor: AuditActor,
  now: Date,
): Promise<SocialPostRow> {
  return db.transaction(async (tx) => {
    const [retried] = await tx
      .update(socialPosts)
      .set({ status: 'pending', attempts: 0, scheduledFor: now, updatedAt: now })
      .where(and(eq(socialPosts.id, postId), eq(socialPosts.status, 'failed')))
      .returning({ id: socialPosts.id });
    if (!retried) {
      const [exists] = await tx.select({ id: socialPosts.id }).from(socialPosts).where(eq(socialPosts.id, postId));
      if (!exists) throw notFound(serverText('admin:social.errors.notFound'));
      throw conflict(serverText('admin:social.errors.notFailed'), 'not_failed');
    }
    await enqueueJob(tx, publishJobFor(postId, now, now.getTime()));
    const [row] = await selectSocialPosts(tx).where(eq(socialPosts.id, postId));
    await recordAudit(tx, {
      actor,
      action: 'social.retry',
      targetType: 'social_post',
      targetId: postId,
      metadata: { name: row?.cardName ?? '', network: row?.post.network },
    });
    return presentSocialPost(row!);
  });
}
