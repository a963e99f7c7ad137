import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, emailPreferences, jobs } from '@server/db/schema';
import { runDueJobsOnce } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import {
  DAILY_CHASKA_ANNOUNCE_JOB,
  dailyChaskaAnnouncementHandler,
  enqueueDailyChaskaAnnouncement,
} from './announce-daily-chaska';

describe('the Daily Chaska announcement job', () => {
  const context = useTestApp();

  it('e-mails the whole audience page by page, each person once, even when a page runs twice', async () => {
    const db = context.database.db;
    const now = context.clock.now();
    const audience = await Promise.all(Array.from({ length: 5 }, () => signUpUser(context.app)));
    const optedOut = audience[4]!;
    await db.update(emailPreferences).set({ dailyChaska: false }).where(eq(emailPreferences.userId, optedOut.id));
    const deal = {
      cardId: '7b0f6a52-4d3c-4f55-9a0e-2a4b7f1e9c01',
      dealTitle: 'Karahi for two',
      vendorName: 'Page Tikka',
      city: 'Lahore',
      dealPrice: 299,
      originalPrice: 499,
      endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
    };
    await enqueueDailyChaskaAnnouncement(db, deal, now);
    // Enqueued twice (a retried request): still one job.
    await enqueueDailyChaskaAnnouncement(db, deal, now);

    const handler = dailyChaskaAnnouncementHandler({
      db,
      email: context.app.deps.email,
      config: context.app.deps.config,
      pageSize: 2,
    });
    await runDueJobsOnce(db, new Map([[handler.name, handler]]), now, context.app.log);

    const chain = await db.select().from(jobs).where(eq(jobs.name, DAILY_CHASKA_ANNOUNCE_JOB.name));
    // Four subscribers in pages of two: two full pages, then an empty one that ends the chain.
    expect(chain.map((job) => job.status)).toEqual(['done', 'done', 'done']);
    const sentTo = await db
      .select({ to: emailMessages.toEmail, subject: emailMessages.subject })
      .from(emailMessages)
      .where(eq(emailMessages.emailType, 'daily_chaska'));
    expect(sentTo.map((message) => message.to).sort()).toEqual(
      audience
        .slice(0, 4)
        .map((user) => user.email)
        .sort(),
    );
    expect(sentTo[0]?.subject).toBe('Daily Chaska: Karahi for two at Page Tikka');
    const toOptedOut = await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, optedOut.email), eq(emailMessages.emailType, 'daily_chaska')));
    expect(toOptedOut).toEqual([]);
  });
});
