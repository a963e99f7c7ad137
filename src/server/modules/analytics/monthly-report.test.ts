import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, users, vendors } from '@server/db/schema';
import { recurringJobs, runDueJobs } from '@server/background-jobs';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import { callAs, recordStamps, vendorOwner } from '@server/modules/vendors/vendor-test-helpers';
import { MONTHLY_REPORT_JOB, nextMonthlyReportAt, sendMonthlyReports } from './monthly-report';

/** 09:00 on 1 December 2026 in Pakistan. */
const REPORT_TIME = new Date('2026-12-01T04:00:00.000Z');

describe('the monthly report', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function vendorWithNovember(language: 'en' | 'ur', businessName: string) {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium', { businessName });
    await db().update(users).set({ language }).where(eq(users.id, owner.id));
    await db().update(vendors).set({ averageSpendRupees: 500 }).where(eq(vendors.id, vendor.id));
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 10 });
    const [ayesha, zain] = [await signUpUser(context.app), await signUpUser(context.app)];
    // Ayesha on 3 and 13 November, Zain on 20 November, and a December visit that is not November's.
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: ayesha.id,
      times: [new Date('2026-11-03T07:00:00.000Z'), new Date('2026-11-13T07:00:00.000Z')],
    });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: zain.id,
      times: [new Date('2026-11-20T07:00:00.000Z'), new Date('2026-11-30T19:30:00.000Z')],
    });
    return owner;
  }

  // The owners' other e-mails (welcome, confirmation) are not the report, which links to analytics.
  const reportsTo = async (userIds: string[]) =>
    (
      await db()
        .select({ userId: emailMessages.userId, subject: emailMessages.subject, text: emailMessages.text })
        .from(emailMessages)
        .where(inArray(emailMessages.userId, userIds))
    ).filter((email) => email.text.includes('/vendor/analytics'));

  it('goes out on the 1st at 09:00 Pakistan time, in the owner’s language, once a month', async () => {
    expect(recurringJobs(context.config).map((job) => job.name)).toContain(MONTHLY_REPORT_JOB.name);
    expect(nextMonthlyReportAt(new Date('2026-11-14T10:00:00.000Z'))).toEqual(REPORT_TIME);
    expect(nextMonthlyReportAt(REPORT_TIME)).toEqual(new Date('2027-01-01T04:00:00.000Z'));
    // 23:58 on 30 November in Pakistan is still November's.
    expect(nextMonthlyReportAt(new Date('2026-11-30T18:58:00.000Z'))).toEqual(REPORT_TIME);

    const english = await vendorWithNovember('en', 'Chai Khana');
    const urdu = await vendorWithNovember('ur', 'Lahori Dhaba');
    context.clock.set(new Date(REPORT_TIME.getTime() - 60_000));
    await runDueJobs(context.app, { recurring: true });
    expect(await reportsTo([english.id, urdu.id])).toEqual([]);

    context.clock.set(REPORT_TIME);
    await runDueJobs(context.app, { recurring: true });
    const sent = await reportsTo([english.id, urdu.id]);
    expect(sent).toHaveLength(2);
    const inEnglish = sent.find((email) => email.userId === english.id)!;
    expect(inEnglish.subject).toBe('What Chaska did for you in November 2026');
    expect(inEnglish.text).toContain('this is how the loyalty card of Chai Khana did in November 2026.');
    // The 30 November visit at 00:30 on 1 December Pakistan time is December's.
    expect(inEnglish.text).toContain('2 customers came 3 times. 1 of them came back on another day: 50%.');
    expect(inEnglish.text).toContain('did so after 10 days');
    expect(inEnglish.text).toContain('Rewards cost you Rs 0 (0 redeemed), for 1 extra visits.');
    // One returning visit in November's 30 days, at Rs 500.
    expect(inEnglish.text).toContain('Returning customers brought about Rs 500 this month, at Rs 500 a visit.');
    const inUrdu = sent.find((email) => email.userId === urdu.id)!;
    expect(inUrdu.subject).toContain('نومبر');
    expect(inUrdu.subject).toContain('نے آپ کے لیے کیا کیا');
    expect(inUrdu.text).toContain('Lahori Dhaba');
    expect(inUrdu.text).toContain('گاہک');

    expect(inEnglish.text).toContain('/api/vendor/analytics/monthly-report.pdf?month=2026-11');

    // The PDF the e-mail links to: a month that has ended, for the vendor's members.
    const ownerCookie = (await signUpUser(context.app)).cookie;
    const pdf = await callAs(
      context.app,
      english.cookie,
      'GET',
      '/api/vendor/analytics/monthly-report.pdf?month=2026-11',
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const month of ['2026-12', '2026-13', 'November']) {
      const bad = await callAs(
        context.app,
        english.cookie,
        'GET',
        `/api/vendor/analytics/monthly-report.pdf?month=${month}`,
      );
      expect(bad.statusCode, month).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('month');
    }
    const stranger = await callAs(
      context.app,
      ownerCookie,
      'GET',
      '/api/vendor/analytics/monthly-report.pdf?month=2026-11',
    );
    expect(stranger.statusCode).toBe(403);
    const signedOut = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/analytics/monthly-report.pdf?month=2026-11',
    });
    expect(signedOut.statusCode).toBe(401);

    // The job again (another process, a retry): nothing more.
    expect(
      await sendMonthlyReports({ db: db(), email: context.app.deps.email, publicUrl: 'https://x' }, REPORT_TIME),
    ).toBe(0);
    await runDueJobs(context.app, { recurring: true });
    expect(await reportsTo([english.id, urdu.id])).toHaveLength(2);
  });
});
