import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, emailPreferences } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { runDueJobs } from '@server/background-jobs';
import { announceToSubscribers, listEmailSubscribers } from './announce-to-subscribers';
import { dailyChaskaEmail } from './templates/daily-chaska-email';

describe('announcements to subscribers', () => {
  const context = useTestApp();

  it('reaches exactly the people whose flag is on, who are subscribed and not on "never"', async () => {
    const db = context.database.db;
    const [keen, flagOff, unsubscribed, never, weekly] = await Promise.all(
      Array.from({ length: 5 }, () => signUpUser(context.app)),
    );
    await db.update(emailPreferences).set({ dailyChaska: false }).where(eq(emailPreferences.userId, flagOff!.id));
    await db.update(emailPreferences).set({ unsubscribed: true }).where(eq(emailPreferences.userId, unsubscribed!.id));
    await db.update(emailPreferences).set({ frequency: 'never' }).where(eq(emailPreferences.userId, never!.id));
    await db.update(emailPreferences).set({ frequency: 'weekly' }).where(eq(emailPreferences.userId, weekly!.id));

    const everyone = await listEmailSubscribers(db, 'daily_chaska', { limit: 2 });
    const rest = await listEmailSubscribers(db, 'daily_chaska', { afterUserId: everyone[1]!.userId });
    expect([...everyone, ...rest].map((subscriber) => subscriber.userId).sort()).toEqual([keen!.id, weekly!.id].sort());
    expect(await listEmailSubscribers(db, 'hourly_chaska')).toEqual([]);

    const reached = await announceToSubscribers(
      { db, email: context.app.deps.email },
      'daily_chaska',
      (subscriber, { unsubscribeUrl }) =>
        dailyChaskaEmail({
          name: subscriber.name,
          vendorName: 'Kolachi',
          city: 'Karachi',
          dealTitle: 'Karahi for two',
          dealUrl: 'http://localhost:3000/daily-chaska',
          unsubscribeUrl,
        }),
    );
    expect(reached).toBe(2);
    // Each e-mail leaves through the outbox: the job runner delivers the immediate one.
    await runDueJobs(context.app);
    const announcements = await db.select().from(emailMessages).where(eq(emailMessages.emailType, 'daily_chaska'));
    expect(announcements.map((message) => [message.toEmail, message.status, message.digest]).sort()).toEqual(
      [
        [keen!.email, 'sent', null],
        [weekly!.email, 'queued', 'weekly'],
      ].sort(),
    );
  });
});
