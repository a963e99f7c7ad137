import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  emailLogs,
  emailMessages,
  emailPreferences,
  jobs,
  loyaltyCards,
  pushSubscriptions,
  stamps,
  userCards,
  vendorAutomations,
  vendorMembers,
  vendors,
} from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { mintCounterCode } from './mint-stamp-codes';
import { stampCodeSettings } from './stamp-code-settings';
import {
  collectStamps,
  collectWith,
  counterCodeFor,
  customerCodeOf,
  expectCollectRefused,
  prefillMonthlyStamps,
  setUpVendorWithCard,
} from './stamp-test-helpers';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

describe('stamps API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  describe('collecting with a counter code', () => {
    it('adds the card, stores the stamp, audits it and e-mails the customer', async () => {
      const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
      const customer = await signUpUser(context.app);
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      expect(code.typedCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(new Date(code.expiresAt).getTime() - context.clock.now().getTime()).toBe(60_000);

      const response = await collectWith(context.app, customer.cookie, code.qrPayload);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        message: 'Stamp collected successfully!',
        reward: null,
        userCard: { cardId: setup.card.id, stampsCollected: 1, stampsRequired: 5, status: 'active' },
      });

      const [stamp] = await db().select().from(stamps).where(eq(stamps.id, body.stamp.id));
      expect(stamp).toMatchObject({
        vendorId: setup.vendor.id,
        cardId: setup.card.id,
        userId: customer.id,
        createdBy: customer.id,
      });
      expect(stamp!.qrCode).toMatch(/^counter:/);
      const [userCard] = await db().select().from(userCards).where(eq(userCards.id, body.userCard.id));
      expect(userCard).toMatchObject({ userId: customer.id, stampsCollected: 1, status: 'active' });
      expect(userCard!.lastStampAt).not.toBeNull();
      const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, body.userCard.id));
      expect(audits.map((row) => row.action)).toEqual(['stamp.collect']);

      // The e-mail's job came with the stamp; the job runner sends it after the answer.
      await runDueJobs(context.app);
      const [mail] = await db()
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'stamp')));
      expect(mail?.text).toContain('You now have 1 of 5 stamps');
      expect(mail?.subject).toContain(setup.vendor.businessName);
      expect(mail?.status).toBe('sent');
    });

    it('accepts the typed form of the code, in any case and without the dash', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      const response = await collectWith(context.app, customer.cookie, code.typedCode.replace('-', ' ').toLowerCase());
      expect(response.statusCode).toBe(200);
      expect(response.json().userCard.stampsCollected).toBe(1);
    });

    it('refuses a replayed code', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(200);
      await expectCollectRefused(context.app, customer.cookie, [code.qrPayload, code.typedCode], 409, {
        code: 'code_already_used',
        message: 'You already collected a stamp with this code',
      });
    });

    it('gives one stamp per counter code: a shared photo or the typed form is refused to everyone after the first scan', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const first = await signUpUser(context.app);
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      expect((await collectWith(context.app, first.cookie, code.typedCode)).statusCode).toBe(200);

      const friends = await Promise.all([signUpUser(context.app), signUpUser(context.app)]);
      for (const [friend, attempt] of [
        [friends[0]!, code.qrPayload],
        [friends[1]!, code.typedCode],
      ] as const) {
        const refused = await collectWith(context.app, friend.cookie, attempt);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toEqual({
          code: 'code_already_used',
          message: 'This code has already been used. Ask the counter for a new one.',
        });
        expect(await db().select().from(userCards).where(eq(userCards.userId, friend.id))).toEqual([]);
      }
      // The counter's next code works for the next customer.
      const next = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      expect((await collectWith(context.app, friends[0]!.cookie, next.qrPayload)).statusCode).toBe(200);
      expect(await db().select().from(stamps).where(eq(stamps.cardId, setup.card.id))).toHaveLength(2);
    });

    it('refuses forged, unknown and malformed codes without changing anything', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      const lastChar = code.qrPayload.at(-1) === 'A' ? 'B' : 'A';
      const forged = `${code.qrPayload.slice(0, -1)}${lastChar}`;
      await expectCollectRefused(
        context.app,
        customer.cookie,
        [forged, 'ZZZZ-ZZZZ', 'hello', 'CHK1.c.a.b.c.d.e'],
        400,
        {
          code: 'invalid_code',
          message: 'This code is not valid. Please scan the code shown at the counter again.',
        },
      );
      const empty = await collectWith(context.app, customer.cookie, '   ');
      expect(empty.statusCode).toBe(400);
      expect(await db().select().from(userCards).where(eq(userCards.userId, customer.id))).toEqual([]);
    });

    it('refuses an expired code', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const old = await mintCounterCode(
        db(),
        stampCodeSettings(context.config),
        { vendorId: setup.vendor.id, cardId: setup.card.id },
        new Date(context.clock.now().getTime() - 5 * 60_000),
      );
      await expectCollectRefused(context.app, customer.cookie, [old.code.qrPayload, old.code.typedCode], 400, {
        code: 'code_expired',
        message: 'This code has expired. Please scan the new code shown at the counter.',
      });
    });

    it('refuses a second stamp within the card interval and says when the next one is possible', async () => {
      context.clock.moveToNextPakistanTime(12, 30);
      const setup = await setUpVendorWithCard(context.app, db(), { minStampIntervalMinutes: 60 });
      const customer = await signUpUser(context.app);
      expect(
        (
          await collectWith(
            context.app,
            customer.cookie,
            (await counterCodeFor(context.app, setup.owner.cookie, setup.card.id)).qrPayload,
          )
        ).statusCode,
      ).toBe(200);
      const second = await collectWith(
        context.app,
        customer.cookie,
        (await counterCodeFor(context.app, setup.owner.cookie, setup.card.id)).qrPayload,
      );
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('stamp_too_soon');
      expect(second.json().error.message).toBe(
        'You already collected a stamp on this card recently. Your next stamp is possible at 1:30 pm (in 60 minutes).',
      );
      // An hour later (by the app's clock) the card takes the next stamp.
      context.clock.advance(60 * 60_000);
      const third = await collectWith(
        context.app,
        customer.cookie,
        (await counterCodeFor(context.app, setup.owner.cookie, setup.card.id)).qrPayload,
      );
      expect(third.statusCode).toBe(200);
    });

    it('refuses a paused card, and a suspended or closed vendor', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const settings = stampCodeSettings(context.config);
      const mint = async () =>
        (
          await mintCounterCode(
            db(),
            settings,
            { vendorId: setup.vendor.id, cardId: setup.card.id },
            context.clock.now(),
          )
        ).code.qrPayload;

      let code = await mint();
      await db().update(loyaltyCards).set({ status: 'paused' }).where(eq(loyaltyCards.id, setup.card.id));
      let response = await collectWith(context.app, customer.cookie, code);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('This loyalty card is paused, so it cannot take stamps right now.');
      const paused = await callAs(
        context.app,
        setup.owner.cookie,
        'POST',
        `/api/vendor/cards/${setup.card.id}/counter-code`,
      );
      expect(paused.statusCode).toBe(409);
      await db().update(loyaltyCards).set({ status: 'active' }).where(eq(loyaltyCards.id, setup.card.id));

      code = await mint();
      await db().update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, setup.vendor.id));
      response = await collectWith(context.app, customer.cookie, code);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        `${setup.vendor.businessName} is suspended and cannot issue stamps right now.`,
      );

      await db()
        .update(vendors)
        .set({ status: 'approved', closedAt: context.clock.now() })
        .where(eq(vendors.id, setup.vendor.id));
      response = await collectWith(context.app, customer.cookie, code);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('vendor_unavailable');
      expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toEqual([]);
    });

    it("stops at the vendor's monthly stamp limit, counting only this month", async () => {
      const setup = await setUpVendorWithCard(context.app, db(), { plan: 'starter' });
      await prefillMonthlyStamps(context.app, db(), setup, 498, context.clock.now());
      const first = await signUpUser(context.app);
      // A stamp of last month does not count against this month.
      await collectStamps(context.app, setup, first.cookie, 1);
      await db()
        .update(stamps)
        .set({ issuedAt: new Date(context.clock.now().getTime() - 40 * 24 * 3600 * 1000) })
        .where(eq(stamps.userId, first.id));
      await collectStamps(context.app, setup, first.cookie, 1);
      const second = await signUpUser(context.app);
      await collectStamps(context.app, setup, second.cookie, 1);

      const third = await signUpUser(context.app);
      const next = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      await expectCollectRefused(context.app, third.cookie, [next.qrPayload], 409, {
        code: 'stamp_limit_reached',
        message: 'Monthly stamp limit reached. Maximum 500 stamps per month.',
      });
      // Nothing of the refused stamp stays behind, not even the card.
      expect(await db().select().from(userCards).where(eq(userCards.userId, third.id))).toEqual([]);
    });

    it('creates the reward on the last stamp and takes no stamps until it is redeemed', async () => {
      const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 3, rewardValue: 750 });
      const customer = await signUpUser(context.app);
      await db()
        .update(emailPreferences)
        .set({ stampNotifications: false })
        .where(eq(emailPreferences.userId, customer.id));
      await collectStamps(context.app, setup, customer.cookie, 2);
      const last = await collectStamps(context.app, setup, customer.cookie, 1);
      expect(last).toMatchObject({
        message: 'Congratulations! You earned a reward!',
        reward: { rewardTitle: 'Free Chai', rewardValue: 750 },
        userCard: { stampsCollected: 3, status: 'completed' },
      });
      const [userCard] = await db().select().from(userCards).where(eq(userCards.id, last.userCard.id));
      expect(userCard!.completedAt).not.toBeNull();

      const next = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      await expectCollectRefused(context.app, customer.cookie, [next.qrPayload], 409, {
        code: 'reward_pending',
        message: 'You have completed this card. Redeem your reward before collecting new stamps.',
      });

      // The customer turned stamp e-mails off: those are skipped, the reward e-mail goes out. The
      // stamps wrote their e-mails' jobs; the job runner sends them after the answers.
      const stampLogs = async () =>
        (await db().select().from(emailLogs).where(eq(emailLogs.recipientEmail, customer.email))).filter((row) =>
          ['stamp', 'reward'].includes(row.emailType),
        );
      expect(await stampLogs()).toEqual([]);
      await runDueJobs(context.app);
      const logs = await stampLogs();
      expect(logs.filter((row) => row.emailType === 'stamp').map((row) => row.status)).toEqual(['skipped', 'skipped']);
      // Written in the same instant of the test clock: no order between them to rely on.
      expect(
        logs
          .filter((row) => row.emailType === 'reward')
          .map((row) => row.status)
          .sort(),
      ).toEqual(['queued', 'sent']);
      const [rewardMail] = await db()
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'reward')));
      expect(rewardMail!.text).toContain(`/user/rewards/${last.reward.id}`);
    });

    it('refuses codes of the wrong kind with a hint', async () => {
      const customer = await signUpUser(context.app);
      const own = await customerCodeOf(context.app, customer.cookie);
      const response = await collectWith(context.app, customer.cookie, own.qrPayload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('wrong_code_type');
      expect(response.json().error.message).toContain('This is a customer code.');
    });

    it("does not let a vendor's own people collect on its cards", async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
      const response = await collectWith(context.app, setup.owner.cookie, code.qrPayload);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('own_vendor');
    });

    it('needs a session and refuses demo codes outside demo mode', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/stamps/collect',
        payload: { code: 'ABCD-EFGH' },
      });
      expect(response.statusCode).toBe(401);
      const customer = await signUpUser(context.app);
      const demo = await callAs(context.app, customer.cookie, 'POST', '/api/stamps/demo-code');
      expect(demo.statusCode).toBe(404);
    });
  });

  describe('counter codes for vendor staff', () => {
    it("answers 404 for another vendor's card and 403 for an unapproved vendor", async () => {
      const a = await setUpVendorWithCard(context.app, db());
      const b = await setUpVendorWithCard(context.app, db());
      const foreign = await callAs(context.app, b.owner.cookie, 'POST', `/api/vendor/cards/${a.card.id}/counter-code`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe('Loyalty card not found');

      const applicant = await signUpUser(context.app);
      const pending = await createVendor(db(), { ownerUserId: applicant.id, status: 'pending' });
      const pendingCard = await createCard(db(), pending.id);
      const refused = await callAs(
        context.app,
        applicant.cookie,
        'POST',
        `/api/vendor/cards/${pendingCard.id}/counter-code`,
      );
      expect(refused.statusCode).toBe(403);

      const customer = await signUpUser(context.app);
      const notMember = await callAs(
        context.app,
        customer.cookie,
        'POST',
        `/api/vendor/cards/${a.card.id}/counter-code`,
      );
      expect(notMember.statusCode).toBe(403);
      const badId = await callAs(context.app, a.owner.cookie, 'POST', '/api/vendor/cards/not-a-uuid/counter-code');
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('issuing from a customer code', () => {
    it('lets staff look the customer up and stamp a card of their vendor, once per card per code', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const secondCard = await createCard(db(), setup.vendor.id, { name: 'Second Card', minStampIntervalMinutes: 0 });
      const staff = await signUpUser(context.app, { name: 'Sana' });
      await db().insert(vendorMembers).values({ vendorId: setup.vendor.id, userId: staff.id, role: 'staff' });
      const customer = await signUpUser(context.app, { name: 'Bilal' });
      const code = await customerCodeOf(context.app, customer.cookie);

      const lookup = await callAs(context.app, staff.cookie, 'POST', '/api/vendor/stamps/lookup', {
        customerCode: code.typedCode,
      });
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json().customer).toEqual({ name: 'Bilal' });
      expect(
        lookup
          .json()
          .cards.map((card: { name: string }) => card.name)
          .sort(),
      ).toEqual(['Second Card', 'Test Card']);

      const issue = (cardId: string, customerCode = code.qrPayload) =>
        callAs(context.app, staff.cookie, 'POST', '/api/vendor/stamps', { customerCode, cardId });
      const first = await issue(setup.card.id);
      expect(first.statusCode).toBe(200);
      // The counter's own words, naming the customer; "Stamp collected successfully!" is the customer's.
      expect(first.json()).toMatchObject({
        message: 'Stamp given to Bilal on Test Card.',
        userCard: { stampsCollected: 1 },
      });
      const [stamp] = await db().select().from(stamps).where(eq(stamps.id, first.json().stamp.id));
      expect(stamp).toMatchObject({ userId: customer.id, createdBy: staff.id });

      const replay = await issue(setup.card.id, code.typedCode);
      expect(replay.statusCode).toBe(409);
      expect(replay.json().error.message).toBe(
        'This customer code was already used for this card. Ask the customer for the new code on My QR.',
      );
      expect((await issue(secondCard.id)).statusCode).toBe(200);
    });

    it('leaves only background jobs that have work: push for a browser, automations the vendor has on', async () => {
      const setup = await setUpVendorWithCard(context.app, db());
      const jobsOf = async (userId: string) =>
        (await db().select().from(jobs))
          .filter((job) => job.payload.userId === userId || job.payload.customerUserId === userId)
          .map((job) => job.name)
          .sort();
      const issueTo = async (customer: { cookie: string }) => {
        const code = await customerCodeOf(context.app, customer.cookie);
        const issued = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps', {
          customerCode: code.qrPayload,
          cardId: setup.card.id,
        });
        expect(issued.statusCode).toBe(200);
      };

      // No browser to push to and no welcome automation: the stamp's e-mail is its only job.
      const plain = await signUpUser(context.app);
      await issueTo(plain);
      expect(await jobsOf(plain.id)).toEqual(['stamp.email']);

      await db().insert(vendorAutomations).values({
        vendorId: setup.vendor.id,
        kind: 'welcome',
        enabled: true,
        subject: 'Welcome',
        body: 'Glad to have you',
      });
      const reachable = await signUpUser(context.app);
      await db()
        .insert(pushSubscriptions)
        .values({
          userId: reachable.id,
          endpoint: `https://push.example.test/${reachable.id}`,
          p256dh: 'key',
          auth: 'secret',
          createdAt: context.clock.now(),
        });
      await issueTo(reachable);
      expect(await jobsOf(reachable.id)).toEqual(['automations.event', 'push.send', 'stamp.email']);
    });

    it("refuses another vendor's card as not found, and non-staff as forbidden", async () => {
      const a = await setUpVendorWithCard(context.app, db());
      const b = await setUpVendorWithCard(context.app, db());
      const customer = await signUpUser(context.app);
      const code = await customerCodeOf(context.app, customer.cookie);
      const foreign = await callAs(context.app, b.owner.cookie, 'POST', '/api/vendor/stamps', {
        customerCode: code.qrPayload,
        cardId: a.card.id,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe('Loyalty card not found');
      const asCustomer = await callAs(context.app, customer.cookie, 'POST', '/api/vendor/stamps', {
        customerCode: code.qrPayload,
        cardId: a.card.id,
      });
      expect(asCustomer.statusCode).toBe(403);
      const counter = await counterCodeFor(context.app, a.owner.cookie, a.card.id);
      const wrongKind = await callAs(context.app, a.owner.cookie, 'POST', '/api/vendor/stamps', {
        customerCode: counter.qrPayload,
        cardId: a.card.id,
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().error.code).toBe('wrong_code_type');
      expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toEqual([]);
    });
  });
});
