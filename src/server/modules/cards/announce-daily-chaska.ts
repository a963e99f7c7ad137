import { z } from 'zod';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { enqueueJob, finishJobWith, handlerOf, jobKind, newJob, type JobHandler } from '@server/lib/job-queue';
import { listEmailSubscribers } from '@server/modules/notifications/announce-to-subscribers';
import type { EmailService } from '@server/modules/notifications/email-service';
import { dailyChaskaEmail } from '@server/modules/notifications/templates/daily-chaska-email';
import { serverText } from '@server/lib/texts';

const dailyChaskaAnnouncementSchema = z.object({
  cardId: z.string(),
  dealTitle: z.string(),
  vendorName: z.string(),
  city: z.string(),
  dealPrice: z.number(),
  originalPrice: z.number(),
  /** ISO time: the job's payload is JSON. */
  endsAt: z.string(),
});

export type DailyChaskaAnnouncement = z.infer<typeof dailyChaskaAnnouncementSchema>;

/** The job that e-mails one page of a Daily Chaska deal's audience, then enqueues the next page. */
export const DAILY_CHASKA_ANNOUNCE_JOB = jobKind(
  'daily-chaska.announce',
  z.object({
    deal: dailyChaskaAnnouncementSchema,
    /** The page of the audience after this person (a chain of jobs, one page each). */
    afterUserId: z.string().optional(),
  }),
);

/** Subscribers per run; a bigger audience continues in the next job of the chain. */
const ANNOUNCE_PAGE = 500;

/**
 * Tells everyone who opted in to Daily Chaska e-mails about a new deal (digest users get it in
 * their digest). Written in the transaction that creates the deal, so a deal is never announced
 * without existing, nor created without being announced, and the admin's answer never waits for
 * the audience to be read.
 */
export function enqueueDailyChaskaAnnouncement(
  tx: Executor,
  deal: DailyChaskaAnnouncement,
  now: Date,
  afterUserId?: string,
) {
  return enqueueJob(
    tx,
    newJob(
      DAILY_CHASKA_ANNOUNCE_JOB,
      { deal, ...(afterUserId ? { afterUserId } : {}) },
      { runAt: now, uniqueKey: `daily-chaska-announce:${deal.cardId}:${afterUserId ?? ''}`, maxAttempts: 3 },
    ),
  );
}

/**
 * One page of subscribers per run: their e-mails go to the outbox with the job's completion, with
 * the next page's job, so a run cut short leaves nothing behind and a run twice sends nothing twice.
 */
export function dailyChaskaAnnouncementHandler(deps: {
  db: Database;
  email: EmailService;
  config: Pick<Config, 'publicUrl'>;
  /** Tests walk the chain with small pages. */
  pageSize?: number;
}): JobHandler {
  const { db, email, config } = deps;
  const pageSize = deps.pageSize ?? ANNOUNCE_PAGE;
  return handlerOf(DAILY_CHASKA_ANNOUNCE_JOB, {
    async run({ deal, afterUserId }, job, now) {
      const audience = await listEmailSubscribers(db, 'daily_chaska', { afterUserId, limit: pageSize });
      await finishJobWith(db, job, now, async (tx) => {
        await email.enqueueAll(
          audience.map((subscriber) => ({
            type: 'daily_chaska' as const,
            to: subscriber.email,
            userId: subscriber.userId,
            render: (context: { unsubscribeUrl?: string }) =>
              dailyChaskaEmail({
                name: subscriber.name || serverText('emails:greeting.fallbackName'),
                vendorName: deal.vendorName,
                city: deal.city,
                dealTitle: deal.dealTitle,
                dealPrice: formatPKR(deal.dealPrice),
                originalPrice: formatPKR(deal.originalPrice),
                endsAt: formatLongDate(new Date(deal.endsAt)),
                dealUrl: `${config.publicUrl}/daily-chaska`,
                unsubscribeUrl: context.unsubscribeUrl,
              }),
          })),
          { tx },
        );
        if (audience.length === pageSize)
          await enqueueDailyChaskaAnnouncement(tx, deal, now, audience[audience.length - 1]!.userId);
      });
    },
  });
}
