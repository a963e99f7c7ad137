import type { SocialPostNowResult } from '@shared/marketplace/social-api';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { conflict } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';
import { networksToPost, planSocialPosts } from './plan-social-posts';
import { getSocialSchedule } from './social-schedule';

/**
 * "Post today's deals now": today's Daily Chaska planned at once on the networks chosen and
 * configured, whatever the time of day, in the same slots as the schedule's, so a second press
 * (or the schedule's own pass later) posts nothing twice.
 */
export async function postTodaysDealsNow(
  db: Database,
  config: Pick<Config, 'publicUrl' | 'social'>,
  actor: AuditActor,
  now: Date,
): Promise<SocialPostNowResult> {
  const schedule = await getSocialSchedule(db);
  const networks = networksToPost(schedule, config.social);
  if (networks.length === 0) throw conflict(serverText('admin:social.errors.noNetwork'), 'no_network');
  const result = await planSocialPosts(db, config, { kinds: ['daily_chaska'], networks }, now);
  await recordAudit(db, {
    actor,
    action: 'social.post_now',
    targetType: 'social_schedule',
    targetId: '1',
    metadata: { ...result, networks },
  });
  return result;
}
