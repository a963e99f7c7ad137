import { eq, inArray } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { authUser, emailMessages, jobs, textMessages, users, vendorMonthlyReports, vendors } from '@server/db/schema';
import { recurringJobs, runDueJobs } from '@server/background-jobs';
import { claimJobs, enqueueJob, handlersByName, JOB_LEASE_MS, runDueJobsOnce } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import { pdfText } from '@server/modules/stamps/counter-qr-test-helpers';
import { callAs, recordStamps, vendorOwner } from '@server/modules/vendors/vendor-test-helpers';
import { MONTHLY_REPORT_JOB, nextMonthlyReportAt } from './monthly-report';
import { MONTHLY_REPORT_PAGE_JOB, monthlyReportHandlers, sendMonthlyReportPage } from './send-monthly-reports';

/** 09:00 on 1 December 2026 in Pakistan. */
const REPORT_TIME = new Date('2026-12-01T04:00:00.000Z');
/** 09:00 on 1 January 2027 in Pakistan: December's report. */
const JANUARY = new Date('2027-01-01T04:00:00.000Z');

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

    expect(inEnglish.text).toContain('/api/vendor/analytics/monthly-report.pdf?month=2026-11&language=en');
    expect(inUrdu.text).toContain('/api/vendor/analytics/monthly-report.pdf?month=2026-11&language=ur');
    // Its own type: a notice the owner can stop, with the unsubscribe link, never held for a digest.
    const [type] = await db()
      .select({ type: emailMessages.emailType, headers: emailMessages.headers })
      .from(emailMessages)
      .where(eq(emailMessages.userId, english.id))
      .then((rows) => rows.filter((row) => row.type === 'monthly_report'));
    expect(type?.headers).toHaveProperty('List-Unsubscribe');

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
    for (const month of ['2026-12', '2026-13', 'November', '2026-11&language=fr']) {
      const bad = await callAs(
        context.app,
        english.cookie,
        'GET',
        `/api/vendor/analytics/monthly-report.pdf?month=${month}`,
      );
      expect(bad.statusCode, month).toBe(400);
      expect(bad.json().error.fields).toHaveProperty(month.includes('language') ? 'language' : 'month');
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
      await sendMonthlyReportPage(
        { db: db(), email: context.app.deps.email, publicUrl: 'https://x', textMessages: null },
        { month: '2026-11-01', after: null },
        REPORT_TIME,
      ),
    ).toEqual({ queued: 0, next: null });
    await runDueJobs(context.app, { recurring: true });
    expect(await reportsTo([english.id, urdu.id])).toHaveLength(2);
  });
});

/**
 * The words a PDF draws in its embedded fonts, as a reader's copy or search finds them: each
 * text-showing operator's glyph ids read through each font's ToUnicode map (pdfkit writes them
 * as ranges of ids to arrays of UTF-16), and turned back to reading order (an Urdu word's glyphs
 * are drawn right to left).
 */
function pdfEmbeddedWords(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)].flatMap((match) => {
    const start = match.index + match[0].length;
    try {
      return [inflateSync(Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1')).toString('latin1')];
    } catch {
      return [];
    }
  });
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  const maps = streams.flatMap((content) =>
    [...content.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)].map((range) => {
      const first = parseInt(range[1]!, 16);
      const map = new Map<number, string>();
      [...range[2]!.matchAll(/<([0-9a-f]*)>/gi)].forEach((unicode, index) =>
        map.set(first + index, utf16(unicode[1]!)),
      );
      return map;
    }),
  );
  // One text block (BT … ET) per word drawn; pdfkit breaks a shaped word into several TJ at its marks.
  const shown = streams.flatMap((content) =>
    [...content.matchAll(/BT([\s\S]*?)ET/g)].map((block) =>
      [...block[1]!.matchAll(/\[([^\]]*)\]\s*TJ/g)]
        .flatMap((array) => [...array[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((part) => part[1]))
        .join(''),
    ),
  );
  return maps.flatMap((map) =>
    shown.map((hex) =>
      [...(hex.match(/.{4}/g) ?? [])]
        .map((id) => map.get(parseInt(id, 16)) ?? '')
        .reverse()
        .join(''),
    ),
  );
}

describe('the monthly report in Urdu, by WhatsApp, in pages', () => {
  const context = useTestApp({}, { whatsApp: true });
  const db = () => context.database.db;

  async function owner(businessName: string, language: 'en' | 'ur' = 'en') {
    const made = await vendorOwner(context.app, db(), 'premium', { businessName });
    await db().update(users).set({ language }).where(eq(users.id, made.owner.id));
    const card = await createCard(db(), made.vendor.id, { name: 'Chai Card', stampsRequired: 10 });
    const customer = await signUpUser(context.app);
    await recordStamps(db(), {
      vendorId: made.vendor.id,
      cardId: card.id,
      userId: customer.id,
      times: [new Date('2026-11-03T07:00:00.000Z'), new Date('2026-11-13T07:00:00.000Z')],
    });
    return made;
  }

  it('draws the PDF in Urdu with an embedded Urdu font, the month’s name in Urdu letters', async () => {
    context.clock.set(REPORT_TIME);
    const { owner: urduOwner } = await owner('Lahori Dhaba', 'ur');
    const url = '/api/vendor/analytics/monthly-report.pdf?month=2026-11';
    const urdu = await callAs(context.app, urduOwner.cookie, 'GET', `${url}&language=ur`);
    expect(urdu.statusCode).toBe(200);
    const raw = urdu.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansArabic-Regular/);
    expect(raw).toMatch(/\/FontFile2 /);
    // What a reader's copy or search finds: نومبر, the table's words, in Urdu letters.
    const words = pdfEmbeddedWords(urdu.rawPayload);
    // (A letter drawn as a base and a mark, ٹ or a joined گ, reads back as its base letter.)
    for (const word of ['نومبر', 'میں', 'گاہک']) expect(words).toContain(word);
    // The document's Title is the e-mail's subject in Urdu (a PDF string in UTF-16BE).
    const unescaped = Buffer.from(raw.replace(/\\([()\\])/g, '$1'), 'latin1');
    expect(unescaped.includes(Buffer.from('نومبر 2026 میں', 'utf16le').swap16())).toBe(true);

    // Without a language, the reader's: English here (no cookie); no Urdu font embedded.
    const english = await callAs(context.app, urduOwner.cookie, 'GET', url);
    expect(english.rawPayload.toString('latin1')).not.toContain('NotoSansArabic');
    expect(pdfText(english.rawPayload)).toContain('Programme health');
  });

  it('lets the owner choose WhatsApp, off or e-mail, and sends by the choice, in the owner’s language', async () => {
    context.clock.set(new Date('2026-11-20T10:00:00.000Z'));
    const { owner: whatsappOwner, vendor } = await owner('Chai Khana', 'ur');
    const { owner: offOwner, vendor: offVendor } = await owner('Quiet Cafe');
    const staff = await signUpUser(context.app);
    const path = '/api/vendor/analytics/monthly-report';

    expect((await callAs(context.app, whatsappOwner.cookie, 'GET', path)).json()).toEqual({
      channel: 'email',
      whatsappAvailable: false,
    });
    // WhatsApp needs a verified number; bad input names the field and changes nothing.
    for (const body of [{ channel: 'whatsapp' }, { channel: 'fax' }, {}, { channel: 3 }]) {
      const refused = await callAs(context.app, whatsappOwner.cookie, 'PUT', path, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('channel');
    }
    await db()
      .update(authUser)
      .set({ phoneNumber: '+923001234567', phoneNumberVerified: true })
      .where(eq(authUser.id, whatsappOwner.id));
    const chosen = await callAs(context.app, whatsappOwner.cookie, 'PUT', path, { channel: 'whatsapp' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ channel: 'whatsapp', whatsappAvailable: true });
    expect((await callAs(context.app, offOwner.cookie, 'PUT', path, { channel: 'off' })).json().channel).toBe('off');
    // Only the owner; signed out is 401.
    expect((await callAs(context.app, staff.cookie, 'PUT', path, { channel: 'off' })).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);

    await runDueJobs(context.app, { recurring: true });
    context.clock.set(REPORT_TIME);
    await runDueJobs(context.app, { recurring: true });
    const reports = context.whatsApp.reports.filter((report) => report.to === '+923001234567');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.language).toBe('ur');
    const [business, month, customers, visits, repeat, cost, url] = reports[0]!.values;
    expect([business, month, customers, visits, repeat, cost]).toEqual([
      'Chai Khana',
      'نومبر 2026',
      '1',
      '2',
      '1 (100%)',
      'Rs 0',
    ]);
    expect(url).toContain('/api/vendor/analytics/monthly-report.pdf?month=2026-11&language=ur');
    const [row] = await db().select().from(textMessages).where(eq(textMessages.vendorId, vendor.id));
    expect(row).toMatchObject({
      kind: 'monthly_report',
      channel: 'whatsapp',
      status: 'sent',
      userId: whatsappOwner.id,
    });
    expect(row!.body).toContain('گاہک');
    // No e-mail for the WhatsApp owner; nothing at all for the one who turned it off.
    const emails = await db()
      .select({ userId: emailMessages.userId })
      .from(emailMessages)
      .where(eq(emailMessages.emailType, 'monthly_report'));
    expect(emails.map((email) => email.userId)).not.toContain(whatsappOwner.id);
    expect(emails.map((email) => email.userId)).not.toContain(offOwner.id);
    expect(
      await db().select().from(vendorMonthlyReports).where(eq(vendorMonthlyReports.vendorId, offVendor.id)),
    ).toEqual([]);

    // The WhatsApp job again (a lease that ran out): the message's key sends nothing twice.
    await db()
      .update(jobs)
      .set({ status: 'pending', runAt: REPORT_TIME })
      .where(eq(jobs.name, 'analytics.monthly_report_whatsapp'));
    await runDueJobs(context.app);
    expect(context.whatsApp.reports.filter((report) => report.to === '+923001234567')).toHaveLength(1);
  });

  it('reads the vendors a page at a time; a stop halfway sends nothing twice and loses no one', async () => {
    context.clock.set(new Date('2026-11-20T10:00:00.000Z'));
    // The earlier tests' shops closed: five shops, pages of two (2, 2, 1).
    await db()
      .update(vendors)
      .set({ closedAt: new Date('2026-11-20T10:00:00.000Z') });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await owner(`Shop ${index}`)).owner.id);
    const sentTo = async () =>
      (
        await db()
          .select({ userId: emailMessages.userId, subject: emailMessages.subject })
          .from(emailMessages)
          .where(eq(emailMessages.emailType, 'monthly_report'))
      )
        .filter((email) => email.subject.includes('December'))
        .map((email) => email.userId!)
        .filter((id) => ids.includes(id));
    const email = context.app.deps.email;
    const deps = { db: db(), email, publicUrl: 'https://x', textMessages: null, pageSize: 2 };
    const handlers = handlersByName(monthlyReportHandlers(deps));
    const runAt = async (now: Date) => {
      context.clock.set(now);
      return runDueJobsOnce(db(), handlers, now, context.app.log, { maxRounds: 1 });
    };

    // 09:00 on 1 January (December's report): the run writes the month's first page; the first page reads 2 vendors and
    // writes the second.
    await enqueueJob(db(), { name: MONTHLY_REPORT_JOB.name, runAt: JANUARY });
    await runAt(JANUARY);
    await runAt(JANUARY);
    const pages = () => db().select().from(jobs).where(eq(jobs.name, MONTHLY_REPORT_PAGE_JOB.name));
    expect((await pages()).map((page) => page.status).sort()).toEqual(['done', 'pending']);

    // A process claims the second page and is killed after its first vendor: the page's job stays
    // claimed (running) until its lease ends.
    const [claimed] = await claimJobs(db(), JANUARY, { limit: 1 });
    expect(claimed!.name).toBe(MONTHLY_REPORT_PAGE_JOB.name);
    let calls = 0;
    const dying = {
      ...email,
      enqueue: (async (...args: Parameters<typeof email.enqueue>) => {
        calls += 1;
        if (calls > 1) throw new Error('killed');
        return email.enqueue(...args);
      }) as typeof email.enqueue,
    };
    const killed = handlersByName(monthlyReportHandlers({ ...deps, email: dying }));
    await expect(killed.get(MONTHLY_REPORT_PAGE_JOB.name)!.run(claimed!, JANUARY)).rejects.toThrow('killed');
    const halfway = await sentTo();

    // Before the lease ends nobody runs it; after it, a new process finishes every page.
    await runAt(new Date(JANUARY.getTime() + 60_000));
    expect(await sentTo()).toEqual(halfway);
    for (let minute = 6; minute < 20; minute += 1) await runAt(new Date(JANUARY.getTime() + minute * 60_000));

    const sent = await sentTo();
    expect(halfway.length).toBeGreaterThan(0);
    expect(halfway.length).toBeLessThan(ids.length);
    expect([...sent].sort()).toEqual([...ids].sort());
    expect(new Set(sent).size).toBe(sent.length);
    expect((await pages()).every((page) => page.status === 'done')).toBe(true);
    expect(JOB_LEASE_MS).toBeLessThan(6 * 60_000);
  });
});
