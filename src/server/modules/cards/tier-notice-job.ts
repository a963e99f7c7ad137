import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { userCards, users } from '@server/db/schema';
import { finishJobWith, handlerOf, jobKind, type JobHandler } from '@server/lib/job-queue';
import type { EmailService } from '@server/modules/notifications/email-service';
import { enqueuePush } from '@server/modules/notifications/push-job';
import { tierDowngradeNoticeSchema } from '@server/modules/notifications/push-messages';
import { enqueueTextNotices } from '@server/modules/notifications/text-notice-job';
import { tierDowngradeEmail } from '@server/modules/notifications/templates/stamp-emails';

/**
 * The notice of a level that falls in a week, written by the nightly run (card-tiers.ts) for 10:00: it
 * goes as every customer notice goes (reward reminders, rewards/reward-expiry-jobs.ts), by e-mail
 * (type "stamp": the customer's e-mail preferences decide), by push (their push preference) and by
 * WhatsApp or SMS where they asked for stamp notices by phone, each once by the notice's key.
 */
export const TIER_NOTICE_JOB = jobKind(
  'cards.tier-notice',
  z.object({ userId: z.string(), vendorId: z.string(), key: z.string(), notice: tierDowngradeNoticeSchema }),
);

/**
 * The notice of a fall in sight, at its morning: nothing when the customer came back meanwhile
 * (the stamp forgot the notice) or is gone; otherwise the e-mail, the push and the phone notice in
 * the transaction that finishes the job, so a job run twice sends each once.
 */
export function tierNoticeHandler(deps: {
  db: Database;
  email: EmailService;
  config: Pick<Config, 'publicUrl'>;
}): JobHandler {
  return handlerOf(TIER_NOTICE_JOB, {
    async run({ userId, vendorId, key, notice }, job, now) {
      const [held] = await deps.db
        .select({ noticeAt: userCards.tierNoticeAt, email: users.email, name: users.name })
        .from(userCards)
        .innerJoin(users, eq(users.id, userCards.userId))
        .where(eq(userCards.id, notice.userCardId))
        .limit(1);
      if (!held?.noticeAt) return;
      await finishJobWith(deps.db, job, now, async (tx) => {
        await deps.email.enqueue(
          {
            type: 'stamp',
            to: held.email,
            userId,
            render: ({ unsubscribeUrl }) =>
              tierDowngradeEmail({
                name: held.name,
                notice,
                dashboardUrl: `${deps.config.publicUrl}/user`,
                unsubscribeUrl,
              }),
          },
          { tx },
        );
        await enqueuePush(tx, { userId, notice, key }, now);
        await enqueueTextNotices(tx, [{ userId, vendorId, notice, key }], now);
      });
    },
  });
}
