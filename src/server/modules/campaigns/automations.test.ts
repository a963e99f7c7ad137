import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  automationSends,
  emailMessages,
  emailPreferences,
  loyaltyCards,
  stamps,
  userCards,
  users,
} from '@server/db/schema';
import { enqueueJob, newJob } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser, type SignedInUser } from '@server/test/factories';
import { AUTOMATION_EVENT_JOB } from './automation-events';
import { mintCustomerCode } from '@server/modules/stamps/mint-stamp-codes';
import { stampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { collectStamps, prefillMonthlyStamps, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { callAs, recordStamps, vendorOwner, vendorStaff } from '@server/modules/vendors/vendor-test-helpers';
import { recurringJobs, runDueJobs } from '@server/background-jobs';
import { BIRTHDAY_JOB, nextAutomationRunAt, WIN_BACK_JOB } from './automation-jobs';

/** Wednesday 18 March 2026, 10:00 in Pakistan. */
const WEDNESDAY = new Date('2026-03-18T05:00:00.000Z');
const DAY_MS = 86_400_000;

describe('automations', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  const switchOn = (owner: SignedInUser, kind: string, setting: Record<string, unknown> = {}) =>
    callAs(context.app, owner.cookie, 'PUT', `/api/vendor/automations/${kind}`, {
      enabled: true,
      subject: `${kind} at {vendor}`,
      body: `Hi {name}, this is ${kind}.`,
      ...setting,
    });

  /** The automated and manual messages a customer was sent (the outbox's rows). */
  async function messagesTo(customer: SignedInUser) {
    const rows = await db()
      .select({ subject: emailMessages.subject })
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'vendor_message')));
    return rows.map((row) => row.subject);
  }

  async function sendsTo(customer: SignedInUser) {
    return db()
      .select({
        kind: automationSends.kind,
        message: automationSends.messageOutcome,
        bonus: automationSends.bonusOutcome,
      })
      .from(automationSends)
      .where(eq(automationSends.userId, customer.id));
  }

  async function activity(owner: SignedInUser): Promise<string[]> {
    const dashboard = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/dashboard');
    return (dashboard.json().recentActivity as Array<{ kind: string; message: string }>)
      .filter((item) => item.kind === 'automation')
      .map((item) => item.message);
  }

  async function standardVendor(stampsRequired = 5) {
    context.clock.set(WEDNESDAY);
    return setUpVendorWithCard(context.app, db(), { plan: 'standard', stampsRequired });
  }

  const join = (customer: SignedInUser, cardId: string) =>
    callAs(context.app, customer.cookie, 'POST', `/api/marketplace/cards/${cardId}/join`);

  it('checks birthdays and win-backs daily at 10:00 Pakistan time on the one job runner', () => {
    const names = recurringJobs(context.config).map((job) => job.name);
    expect(names).toEqual(expect.arrayContaining([BIRTHDAY_JOB.name, WIN_BACK_JOB.name]));
    // 09:59 in Pakistan: today at 10:00; 10:00 itself: tomorrow.
    expect(nextAutomationRunAt(new Date('2026-03-18T04:59:00.000Z'))).toEqual(new Date('2026-03-18T05:00:00.000Z'));
    expect(nextAutomationRunAt(new Date('2026-03-18T05:00:00.000Z'))).toEqual(new Date('2026-03-19T05:00:00.000Z'));
    // 23:30 in Pakistan on the 18th (18:30 UTC): 10:00 on the 19th.
    expect(nextAutomationRunAt(new Date('2026-03-18T18:30:00.000Z'))).toEqual(new Date('2026-03-19T05:00:00.000Z'));
  });

  describe('routes', () => {
    it('shows the four automations with the catalogue texts, and lets the owner switch one on', async () => {
      const { owner, vendor } = await vendorOwner(context.app, db(), 'standard', { businessName: 'Chai Khana' });
      const overview = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/automations');
      expect(overview.statusCode).toBe(200);
      expect(overview.json()).toMatchObject({
        allowed: true,
        lockedMessage: null,
        canEdit: true,
        vendorName: vendor.businessName,
      });
      expect(overview.json().automations).toEqual([
        {
          kind: 'welcome',
          enabled: false,
          subject: 'Welcome to {vendor}!',
          body: 'Hi {name}, thank you for joining {vendor}. We look forward to your next visit.',
          bonusStamp: false,
          winBackDays: 30,
          // A never-saved automation's form starts at the default hold-out share (decision 083).
          holdOutPercent: 10,
          lift: null,
        },
        expect.objectContaining({ kind: 'birthday', enabled: false }),
        expect.objectContaining({ kind: 'win_back', enabled: false, winBackDays: 30 }),
        expect.objectContaining({ kind: 'one_to_go', enabled: false }),
      ]);
      const saved = await switchOn(owner, 'win_back', { winBackDays: 45, bonusStamp: true });
      // A bonus stamp is for welcome and birthday only.
      expect([saved.statusCode, saved.json()]).toEqual([
        200,
        {
          kind: 'win_back',
          enabled: true,
          subject: 'win_back at {vendor}',
          body: 'Hi {name}, this is win_back.',
          bonusStamp: false,
          winBackDays: 45,
          // Left out of the request: none held back.
          holdOutPercent: 0,
          lift: null,
        },
      ]);
      const after = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/automations')).json();
      expect(after.automations[2]).toMatchObject({ enabled: true, winBackDays: 45 });
      // Audited: the vendor's activity says who changed what.
      const dashboard = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/dashboard')).json();
      expect(dashboard.recentActivity.map((item: { message: string }) => item.message)).toContain(
        'Automation "We miss you" saved, on',
      );
    });

    it('refuses staff changes, a plan below Standard, strangers, and bad input naming the field', async () => {
      const { owner, vendor } = await vendorOwner(context.app, db(), 'standard');
      const staff = await vendorStaff(context.app, db(), vendor.id);
      expect((await callAs(context.app, staff.cookie, 'GET', '/api/vendor/automations')).json().canEdit).toBe(false);
      const byStaff = await switchOn(staff, 'welcome');
      expect(byStaff.statusCode).toBe(403);

      const starter = await vendorOwner(context.app, db(), 'starter');
      const locked = (await callAs(context.app, starter.owner.cookie, 'GET', '/api/vendor/automations')).json();
      expect(locked).toMatchObject({ allowed: false, lockedMessage: 'This feature needs the Standard plan.' });
      const refused = await switchOn(starter.owner, 'welcome');
      expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'plan_required']);

      const customer = await signUpUser(context.app);
      expect((await switchOn(customer, 'welcome')).statusCode).toBe(403);
      expect((await context.app.inject({ method: 'GET', url: '/api/vendor/automations' })).statusCode).toBe(401);

      const bad = await switchOn(owner, 'welcome', { subject: '', winBackDays: 2 });
      expect([bad.statusCode, bad.json().error.fields]).toEqual([
        400,
        { subject: 'Subject is required.', winBackDays: 'Please choose at least 7 days.' },
      ]);
      // A line break would end the mail header it goes into: refused, as a campaign's subject is.
      const twoLines = await switchOn(owner, 'welcome', { subject: 'Welcome\r\nBcc: all@example.com' });
      expect([twoLines.statusCode, twoLines.json().error.fields]).toEqual([
        400,
        { subject: 'Subject must be one line, without line breaks.' },
      ]);
      const unknown = await switchOn(owner, 'anniversary');
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json().error.fields)).toEqual(['kind']);
      // Nothing was stored by the refusals.
      const overview = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/automations')).json();
      expect(overview.automations.every((each: { enabled: boolean }) => !each.enabled)).toBe(true);
    });
  });

  describe('welcome', () => {
    it('greets a new holder once with a bonus stamp, and shows the send in the activity', async () => {
      const setup = await standardVendor();
      expect((await switchOn(setup.owner, 'welcome', { bonusStamp: true })).statusCode).toBe(200);
      const customer = await signUpUser(context.app, { name: 'Zara', surname: 'Malik' });
      expect((await join(customer, setup.card.id)).statusCode).toBe(201);
      await runDueJobs(context.app);
      // "welcome at {vendor}" names the shop already: its name is not put in front again.
      expect(await messagesTo(customer)).toEqual([`welcome at ${setup.vendor.businessName}`]);
      // The vendor's message, with its one-click unsubscribe.
      const [email] = await db()
        .select({ headers: emailMessages.headers, text: emailMessages.text })
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'vendor_message')));
      expect(email!.text).toContain('Hi Zara, this is welcome.');
      expect(JSON.stringify(email!.headers)).toContain('List-Unsubscribe-Post');
      const [holding] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
      expect(holding!.stampsCollected).toBe(1);
      const [bonus] = await db().select({ kind: stamps.kind }).from(stamps).where(eq(stamps.userId, customer.id));
      expect(bonus!.kind).toBe('automation_bonus');
      expect(await sendsTo(customer)).toEqual([{ kind: 'welcome', message: 'queued', bonus: 'given' }]);
      expect(await activity(setup.owner)).toEqual(['Welcome message sent to Zara M., with a bonus stamp']);

      // The same event's job run again (a lease that ran out mid-job) sends nothing twice.
      await enqueueJob(
        db(),
        newJob(
          AUTOMATION_EVENT_JOB,
          {
            kind: 'welcome',
            vendorId: setup.vendor.id,
            userId: customer.id,
            cardId: setup.card.id,
            userCardId: holding!.id,
          },
          { runAt: context.clock.now() },
        ),
      );
      await runDueJobs(context.app);
      expect(await messagesTo(customer)).toHaveLength(1);
      expect((await sendsTo(customer)).length).toBe(1);
      const [after] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
      expect(after!.stampsCollected).toBe(1);
    });

    it("leaves the card's interval to the visit: the welcome bonus never blocks the same visit's stamp", async () => {
      context.clock.set(WEDNESDAY);
      const setup = await setUpVendorWithCard(context.app, db(), { plan: 'standard', minStampIntervalMinutes: 30 });
      await switchOn(setup.owner, 'welcome', { bonusStamp: true });
      const customer = await signUpUser(context.app, { name: 'Nida' });
      await join(customer, setup.card.id);
      await runDueJobs(context.app);
      expect(await sendsTo(customer)).toEqual([{ kind: 'welcome', message: 'queued', bonus: 'given' }]);
      // The same visit, a minute later: the counter's stamp is given, not "possible in 30 minutes".
      context.clock.advance(60_000);
      const visit = await collectStamps(context.app, setup, customer.cookie, 1);
      expect(visit).toMatchObject({ message: 'Stamp collected successfully!', userCard: { stampsCollected: 2 } });
      // The visit starts the interval.
      context.clock.advance(60_000);
      await expect(collectStamps(context.app, setup, customer.cookie, 1)).rejects.toThrow(/stamp_too_soon/);
    });

    it('sends nothing when it is off, or on a plan below Standard', async () => {
      const setup = await standardVendor();
      const customer = await signUpUser(context.app);
      await join(customer, setup.card.id);
      const starter = await setUpVendorWithCard(context.app, db(), { plan: 'starter' });
      const other = await signUpUser(context.app);
      await join(other, starter.card.id);
      await runDueJobs(context.app);
      expect([await messagesTo(customer), await messagesTo(other)]).toEqual([[], []]);
      expect([await sendsTo(customer), await sendsTo(other)]).toEqual([[], []]);
    });

    it('honours vendor updates turned off, and records it', async () => {
      const setup = await standardVendor();
      await switchOn(setup.owner, 'welcome');
      const customer = await signUpUser(context.app, { name: 'Hina', surname: 'Raza' });
      await db().update(emailPreferences).set({ vendorUpdates: false }).where(eq(emailPreferences.userId, customer.id));
      await join(customer, setup.card.id);
      await runDueJobs(context.app);
      expect(await messagesTo(customer)).toEqual([]);
      expect(await sendsTo(customer)).toEqual([{ kind: 'welcome', message: 'skipped', bonus: 'none' }]);
      expect(await activity(setup.owner)).toEqual([
        'Welcome message not e-mailed to Hina R. (vendor updates turned off)',
      ]);
    });

    it('refuses the bonus stamp at the monthly plan limit and records it as refused', async () => {
      const setup = await standardVendor();
      await switchOn(setup.owner, 'welcome', { bonusStamp: true });
      await prefillMonthlyStamps(context.app, db(), setup, 2000, context.clock.now());
      context.clock.advance(60_000);
      const customer = await signUpUser(context.app, { name: 'Sana', surname: 'Ali' });
      await join(customer, setup.card.id);
      await runDueJobs(context.app);
      expect(await messagesTo(customer)).toHaveLength(1);
      expect(await sendsTo(customer)).toEqual([{ kind: 'welcome', message: 'queued', bonus: 'refused_plan_limit' }]);
      const [holding] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
      expect(holding!.stampsCollected).toBe(0);
      expect(await activity(setup.owner)).toEqual([
        'Welcome message sent to Sana A.; bonus stamp refused: monthly stamp limit reached',
      ]);
    });
  });

  describe('one to go', () => {
    it('writes once when a customer is one stamp from the reward, and not before', async () => {
      const setup = await standardVendor(3);
      await switchOn(setup.owner, 'one_to_go');
      const close = await signUpUser(context.app, { name: 'Bilal' });
      const early = await signUpUser(context.app, { name: 'Omar' });
      await collectStamps(context.app, setup, close.cookie, 2);
      await collectStamps(context.app, setup, early.cookie, 1);
      await runDueJobs(context.app);
      await runDueJobs(context.app);
      // The subject already names the shop: it is not prefixed with the name again.
      expect(await messagesTo(close)).toEqual([`one_to_go at ${setup.vendor.businessName}`]);
      expect(await messagesTo(early)).toEqual([]);
    });

    it('speaks in points on a points card: the award that leaves one like it to the reward, priced in points', async () => {
      const setup = await standardVendor();
      const card = await createCard(db(), setup.vendor.id, {
        name: 'Chai Points',
        earnKind: 'points',
        pointsPer100Pkr: 10,
        stampsRequired: 500,
        minStampIntervalMinutes: 0,
      });
      await db().update(loyaltyCards).set({ rewardTitle: 'Free paratha' }).where(eq(loyaltyCards.id, card.id));
      await switchOn(setup.owner, 'one_to_go', {
        subject: '{left} to go at {vendor}!',
        body: 'Hi {name}, just {left} more and {reward} is yours.',
      });
      const award = async (customer: SignedInUser, amount: number) => {
        const code = await mintCustomerCode(db(), stampCodeSettings(context.config), customer.id, context.clock.now());
        const given = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps', {
          customerCode: code.qrPayload,
          cardId: card.id,
          amount,
        });
        expect(given.statusCode, given.body).toBe(200);
      };
      const sana = await signUpUser(context.app, { name: 'Sana' });
      // 200 points, then 280: 480 of 500, and 20 to go is less than the 280 this visit gave.
      await award(sana, 2_000);
      await runDueJobs(context.app);
      expect(await messagesTo(sana)).toEqual([]);
      await award(sana, 2_800);
      await runDueJobs(context.app);
      expect(await messagesTo(sana)).toEqual([`20 points to go at ${setup.vendor.businessName}!`]);
      const sent = (customer: SignedInUser) =>
        db()
          .select()
          .from(emailMessages)
          .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'vendor_message')));
      const [mail] = await sent(sana);
      expect(mail!.text).toContain('Hi Sana, just 20 points more and Free paratha (500 points) is yours.');
      expect(mail!.text).not.toMatch(/stamp/i);
      // The award's own e-mail speaks in points too, as its push does.
      const awards = await db()
        .select({ subject: emailMessages.subject })
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, sana.email), eq(emailMessages.emailType, 'stamp')));
      expect(awards.map((row) => row.subject).sort()).toEqual([
        `${setup.vendor.businessName}: you have 200 points`,
        `${setup.vendor.businessName}: you have 480 points`,
      ]);

      // In the customer's language: an Urdu reader gets the points in Urdu.
      const hina = await signUpUser(context.app, { name: 'Hina' });
      await db().update(users).set({ language: 'ur' }).where(eq(users.id, hina.id));
      await award(hina, 4_900);
      await runDueJobs(context.app);
      const [urdu] = await sent(hina);
      expect(urdu!.subject).toContain('10 پوائنٹس');
    });
  });

  describe('birthday', () => {
    async function birthdayCustomer(setup: Awaited<ReturnType<typeof standardVendor>>, dateOfBirth: string) {
      const customer = await signUpUser(context.app, { name: 'Nida' });
      await db().update(users).set({ dateOfBirth }).where(eq(users.id, customer.id));
      await recordStamps(db(), {
        vendorId: setup.vendor.id,
        cardId: setup.card.id,
        userId: customer.id,
        times: [new Date(WEDNESDAY.getTime() - 3 * DAY_MS)],
      });
      return customer;
    }

    async function runBirthdays(at: Date) {
      context.clock.set(at);
      await enqueueJob(
        db(),
        newJob(BIRTHDAY_JOB, {}, { runAt: at, uniqueKey: `${BIRTHDAY_JOB.name}@${at.toISOString()}` }),
      );
      await runDueJobs(context.app);
    }

    it('greets in the birthday week once a year, with a bonus stamp, and nobody else', async () => {
      const setup = await standardVendor();
      await switchOn(setup.owner, 'birthday', { bonusStamp: true });
      // Sunday 22 March: in the week of Wednesday 18 March.
      const celebrating = await birthdayCustomer(setup, '1994-03-22');
      const notYet = await birthdayCustomer(setup, '1994-03-23');
      await runBirthdays(WEDNESDAY);
      // The daily check runs again the next day, and twice on one day: still once.
      await runBirthdays(new Date(WEDNESDAY.getTime() + DAY_MS));
      await runBirthdays(new Date(WEDNESDAY.getTime() + DAY_MS));
      expect(await messagesTo(celebrating)).toEqual([`birthday at ${setup.vendor.businessName}`]);
      expect(await sendsTo(celebrating)).toEqual([{ kind: 'birthday', message: 'queued', bonus: 'given' }]);
      expect(await messagesTo(notYet)).toEqual([]);
      // A year later, its birthday week again: Monday 22 to Sunday 28 March 2027.
      await runBirthdays(new Date(WEDNESDAY.getTime() + 364 * DAY_MS));
      expect(await messagesTo(celebrating)).toHaveLength(1);
      await runBirthdays(new Date(WEDNESDAY.getTime() + 371 * DAY_MS));
      expect(await messagesTo(celebrating)).toHaveLength(2);
    });
  });

  describe('win-back', () => {
    async function runWinBack(at: Date) {
      context.clock.set(at);
      await enqueueJob(
        db(),
        newJob(WIN_BACK_JOB, {}, { runAt: at, uniqueKey: `${WIN_BACK_JOB.name}@${at.toISOString()}` }),
      );
      await runDueJobs(context.app);
    }

    it('writes once per lapse after N days without a visit; a new visit starts a new lapse', async () => {
      const setup = await standardVendor();
      await switchOn(setup.owner, 'win_back', { winBackDays: 30 });
      const lapsed = await signUpUser(context.app, { name: 'Asad' });
      const regular = await signUpUser(context.app, { name: 'Rida' });
      await recordStamps(db(), {
        vendorId: setup.vendor.id,
        cardId: setup.card.id,
        userId: lapsed.id,
        times: [new Date(WEDNESDAY.getTime() - 30 * DAY_MS)],
      });
      await recordStamps(db(), {
        vendorId: setup.vendor.id,
        cardId: setup.card.id,
        userId: regular.id,
        times: [new Date(WEDNESDAY.getTime() - 29 * DAY_MS)],
      });
      await runWinBack(WEDNESDAY);
      await runWinBack(new Date(WEDNESDAY.getTime() + DAY_MS));
      expect(await messagesTo(lapsed)).toEqual([`win_back at ${setup.vendor.businessName}`]);
      expect(await messagesTo(regular)).toHaveLength(1); // lapsed the next day, once

      // Asad comes back, then stays away 30 days again: a new lapse, a new message.
      await recordStamps(db(), {
        vendorId: setup.vendor.id,
        cardId: setup.card.id,
        userId: lapsed.id,
        times: [new Date(WEDNESDAY.getTime() + 2 * DAY_MS)],
      });
      await runWinBack(new Date(WEDNESDAY.getTime() + 3 * DAY_MS));
      expect(await messagesTo(lapsed)).toHaveLength(1);
      await runWinBack(new Date(WEDNESDAY.getTime() + 32 * DAY_MS));
      expect(await messagesTo(lapsed)).toHaveLength(2);
    });

    it('sends nothing when the vendor has it off', async () => {
      const setup = await standardVendor();
      const lapsed = await signUpUser(context.app);
      const other = await createCard(db(), setup.vendor.id);
      await recordStamps(db(), {
        vendorId: setup.vendor.id,
        cardId: other.id,
        userId: lapsed.id,
        times: [new Date(WEDNESDAY.getTime() - 90 * DAY_MS)],
      });
      await runWinBack(WEDNESDAY);
      expect(await messagesTo(lapsed)).toEqual([]);
    });
  });
});
