import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@shared/i18n/languages';
import {
  SUPPORT_MESSAGES_PER_HOUR_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_OPEN_CONVERSATIONS_MAX,
  SUPPORT_SUBJECT_MAX,
} from '@shared/platform/support';
import {
  auditLog,
  emailMessages,
  emailPreferences,
  supportConversations,
  supportMessages,
  supportReplyTemplates,
  users,
  vendorMembers,
} from '@server/db/schema';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { HOUR_MS } from '@server/plugins/write-budgets';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('the support inbox', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let admin: SignedInUser;

  const call = (
    who: SignedInUser | null,
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
    cookies = '',
  ) =>
    context.app.inject({
      method,
      url,
      headers: { cookie: [who?.cookie, cookies].filter(Boolean).join('; ') },
      ...(payload ? { payload } : {}),
    });
  const write = (who: SignedInUser, subject = 'My stamp did not show up', message = 'At the counter on Monday.') =>
    call(who, 'POST', '/api/support/conversations', { subject, message });
  const conversationCount = async () => (await db().select({ value: count() }).from(supportConversations))[0]!.value;

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, db());
  });

  describe('for the person who writes', () => {
    it('refuses every route to a signed-out visitor (401)', async () => {
      const id = '5b0f8a52-2f7a-4c6e-9a55-0d7c1b9e1f11';
      for (const [method, url, payload] of [
        ['GET', '/api/support/conversations'],
        ['POST', '/api/support/conversations', { subject: 'Hello', message: 'Hello' }],
        ['GET', `/api/support/conversations/${id}`],
        ['POST', `/api/support/conversations/${id}/messages`, { message: 'Hello' }],
        ['POST', `/api/support/conversations/${id}/close`],
      ] as const) {
        expect([method, url, (await call(null, method, url, payload)).statusCode]).toEqual([method, url, 401]);
      }
    });

    it('starts a conversation as a customer, in the page language, and lists it with its status', async () => {
      const customer = await signUpUser(context.app);
      const started = await call(
        customer,
        'POST',
        '/api/support/conversations',
        { subject: '  Where is my reward?  ', message: 'My card is full.\n\nThanks!' },
        `${LANGUAGE_COOKIE}=ur`,
      );
      expect(started.statusCode).toBe(201);
      const thread = started.json();
      expect(thread).toMatchObject({
        subject: 'Where is my reward?',
        status: 'open',
        requesterRole: 'customer',
        language: 'ur',
        createdAt: context.clock.now().toISOString(),
        lastMessageAt: context.clock.now().toISOString(),
        messages: [{ author: 'requester', body: 'My card is full.\n\nThanks!' }],
      });
      const list = (await call(customer, 'GET', '/api/support/conversations')).json();
      expect(list.conversations).toEqual([
        {
          id: thread.id,
          subject: 'Where is my reward?',
          status: 'open',
          createdAt: thread.createdAt,
          lastMessageAt: thread.lastMessageAt,
        },
      ]);
      expect((await call(customer, 'GET', `/api/support/conversations/${thread.id}`)).json()).toEqual(thread);
    });

    it("writes in the account's chosen language over the page's", async () => {
      const customer = await signUpUser(context.app);
      await db().update(users).set({ language: 'en' }).where(eq(users.id, customer.id));
      const started = await call(
        customer,
        'POST',
        '/api/support/conversations',
        { subject: 'Hello', message: 'A question' },
        `${LANGUAGE_COOKIE}=ur`,
      );
      expect(started.json().language).toBe('en');
    });

    it("is a vendor for an approved vendor's owner or staff, a customer for a pending vendor's owner", async () => {
      const owner = await signUpUser(context.app);
      const staff = await signUpUser(context.app);
      const applicant = await signUpUser(context.app);
      const vendor = await createVendor(db(), { ownerUserId: owner.id });
      await createVendor(db(), { ownerUserId: applicant.id, status: 'pending' });
      await db().insert(vendorMembers).values({ vendorId: vendor.id, userId: staff.id, role: 'staff' });
      expect((await write(owner)).json().requesterRole).toBe('vendor');
      expect((await write(staff)).json().requesterRole).toBe('vendor');
      expect((await write(applicant)).json().requesterRole).toBe('customer');
    });

    it("never shows or changes another person's conversation: 404, as for one that does not exist", async () => {
      const owner = await signUpUser(context.app);
      const other = await signUpUser(context.app);
      const { id } = (await write(owner)).json();
      expect((await call(other, 'GET', `/api/support/conversations/${id}`)).statusCode).toBe(404);
      expect(
        (await call(other, 'POST', `/api/support/conversations/${id}/messages`, { message: 'Me too' })).statusCode,
      ).toBe(404);
      expect((await call(other, 'POST', `/api/support/conversations/${id}/close`)).statusCode).toBe(404);
      expect((await call(other, 'GET', '/api/support/conversations')).json().conversations).toEqual([]);
      const mine = (await call(owner, 'GET', `/api/support/conversations/${id}`)).json();
      expect(mine.status).toBe('open');
      expect(mine.messages).toHaveLength(1);
      const unknown = '5b0f8a52-2f7a-4c6e-9a55-0d7c1b9e1f11';
      expect((await call(owner, 'GET', `/api/support/conversations/${unknown}`)).statusCode).toBe(404);
    });

    it('refuses bad input with a field message and writes nothing', async () => {
      const customer = await signUpUser(context.app);
      const before = await conversationCount();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ subject: '   ', message: 'Hi' }, 'subject', 'Please write a subject.'],
        [
          { subject: 'x'.repeat(SUPPORT_SUBJECT_MAX + 1), message: 'Hi' },
          'subject',
          'A subject is at most 120 characters.',
        ],
        [{ subject: 'Two\nlines', message: 'Hi' }, 'subject', 'A subject is one line, without line breaks.'],
        [{ subject: 'Hello', message: '' }, 'message', 'Please write your message.'],
        [
          { subject: 'Hello', message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) },
          'message',
          'A message is at most 4,000 characters.',
        ],
        [{ subject: 'Hello' }, 'message', 'Please write your message.'],
      ];
      for (const [payload, field, message] of cases) {
        const response = await call(customer, 'POST', '/api/support/conversations', payload);
        expect([response.statusCode, response.json().error.fields?.[field]]).toEqual([400, message]);
      }
      const nul = await call(customer, 'POST', '/api/support/conversations', { subject: 'Hello', message: 'a\u0000b' });
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json().error.fields)).toEqual(['message']);
      expect((await call(customer, 'GET', '/api/support/conversations/not-an-id')).statusCode).toBe(400);
      expect(await conversationCount()).toBe(before);

      const { id } = (await write(customer)).json();
      const empty = await call(customer, 'POST', `/api/support/conversations/${id}/messages`, { message: ' ' });
      expect(empty.statusCode).toBe(400);
      const nulReply = await call(customer, 'POST', `/api/support/conversations/${id}/messages`, { message: '\u0000' });
      expect(nulReply.statusCode).toBe(400);
      expect((await call(customer, 'GET', `/api/support/conversations/${id}`)).json().messages).toHaveLength(1);
    });

    it("answers a refusal in the reader's language", async () => {
      const customer = await signUpUser(context.app);
      const response = await call(
        customer,
        'POST',
        '/api/support/conversations',
        { subject: '', message: 'Hi' },
        `${LANGUAGE_COOKIE}=ur`,
      );
      expect(response.json().error.fields.subject).toBe('براہِ کرم موضوع لکھیں۔');
    });

    it('lets a person have a few conversations waiting for an answer, and says so beyond them', async () => {
      const customer = await signUpUser(context.app);
      const ids: string[] = [];
      for (let index = 0; index < SUPPORT_OPEN_CONVERSATIONS_MAX; index += 1)
        ids.push((await write(customer, `Question ${index + 1}`)).json().id);
      const refused = await write(customer, 'One more');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'too_many_open_conversations',
        message: `You already have ${SUPPORT_OPEN_CONVERSATIONS_MAX} conversations waiting for our answer. Please wait for them, or close one you no longer need.`,
      });
      // Writing more in one that is already open is not a new open conversation.
      expect(
        (await call(customer, 'POST', `/api/support/conversations/${ids[0]}/messages`, { message: 'And also' }))
          .statusCode,
      ).toBe(200);
      // Closing one makes room; reopening a closed one counts again.
      expect((await call(customer, 'POST', `/api/support/conversations/${ids[0]}/close`)).json().status).toBe('closed');
      expect((await write(customer, 'One more')).statusCode).toBe(201);
      const reopen = await call(customer, 'POST', `/api/support/conversations/${ids[0]}/messages`, {
        message: 'Again',
      });
      expect([reopen.statusCode, reopen.json().error.code]).toEqual([409, 'too_many_open_conversations']);
      expect((await call(customer, 'GET', `/api/support/conversations/${ids[0]}`)).json().status).toBe('closed');
    });

    it('caps the messages a person writes in an hour, and says when to try again', async () => {
      const customer = await signUpUser(context.app);
      const { id } = (await write(customer)).json();
      for (let index = 1; index < SUPPORT_MESSAGES_PER_HOUR_MAX; index += 1) {
        context.clock.advance(60_000);
        const response = await call(customer, 'POST', `/api/support/conversations/${id}/messages`, {
          message: `#${index}`,
        });
        expect(response.statusCode).toBe(200);
      }
      const refused = await call(customer, 'POST', `/api/support/conversations/${id}/messages`, { message: 'More' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('support_message_limit');
      // The first message leaves the hour 41 minutes from now.
      expect(refused.headers['retry-after']).toBe(String(HOUR_MS / 1000 - (SUPPORT_MESSAGES_PER_HOUR_MAX - 1) * 60));
      expect(refused.json().error.message).toBe(
        'You have written many messages in the last hour. Please try again in 41 minutes.',
      );
      expect((await write(customer, 'Another question')).statusCode).toBe(429);
      context.clock.advance(HOUR_MS);
      expect(
        (await call(customer, 'POST', `/api/support/conversations/${id}/messages`, { message: 'More' })).statusCode,
      ).toBe(200);
    });

    it('closes a conversation once, and writing again reopens it', async () => {
      const customer = await signUpUser(context.app);
      const { id } = (await write(customer)).json();
      context.clock.advance(60_000);
      expect((await call(customer, 'POST', `/api/support/conversations/${id}/close`)).json().status).toBe('closed');
      const again = await call(customer, 'POST', `/api/support/conversations/${id}/close`);
      expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_closed']);
      const reopened = (
        await call(customer, 'POST', `/api/support/conversations/${id}/messages`, { message: 'Still here' })
      ).json();
      expect(reopened).toMatchObject({ status: 'open', lastMessageAt: context.clock.now().toISOString() });
      expect(reopened.messages.map((message: { body: string }) => message.body)).toEqual([
        'At the counter on Monday.',
        'Still here',
      ]);
    });
  });

  describe("for the admin (the Chat Assistant's inbox)", () => {
    it('is refused to a signed-out visitor (401) and to a customer (403)', async () => {
      const customer = await signUpUser(context.app);
      const { id } = (await write(customer)).json();
      const routes = [
        ['GET', '/api/admin/support/conversations'],
        ['GET', `/api/admin/support/conversations/${id}`],
        ['POST', `/api/admin/support/conversations/${id}/answers`, { message: 'Hi' }],
        ['POST', `/api/admin/support/conversations/${id}/close`],
        ['GET', '/api/admin/support/templates'],
        ['POST', '/api/admin/support/templates', { title: 'T', bodyEn: 'E', bodyUr: 'U' }],
      ] as const;
      for (const [method, url, payload] of routes) {
        expect([url, (await call(null, method, url, payload)).statusCode]).toEqual([url, 401]);
        expect([url, (await call(customer, method, url, payload)).statusCode]).toEqual([url, 403]);
      }
      expect((await call(customer, 'GET', `/api/support/conversations/${id}`)).json().messages).toHaveLength(1);
    });

    it('lists open conversations first, newest activity first, with who wrote, filtered and paged', async () => {
      await db().delete(supportConversations);
      const ayesha = await signUpUser(context.app, { name: 'Ayesha', surname: 'Khan' });
      const owner = await signUpUser(context.app, { name: 'Bilal', surname: 'Butt' });
      await createVendor(db(), { ownerUserId: owner.id });
      const older = (await write(ayesha, 'Older question')).json();
      context.clock.advance(60_000);
      const answered = (await write(ayesha, 'Answered question')).json();
      context.clock.advance(60_000);
      const newer = (await write(owner, 'Newer question')).json();
      context.clock.advance(60_000);
      await call(admin, 'POST', `/api/admin/support/conversations/${answered.id}/answers`, { message: 'Done' });

      const inbox = (await call(admin, 'GET', '/api/admin/support/conversations')).json();
      expect(inbox).toMatchObject({ page: 1, pageSize: 20, total: 3 });
      expect(inbox.conversations.map((row: { subject: string; status: string }) => [row.subject, row.status])).toEqual([
        ['Newer question', 'open'],
        ['Older question', 'open'],
        ['Answered question', 'answered'],
      ]);
      expect(inbox.conversations[0]).toMatchObject({
        id: newer.id,
        language: 'en',
        requester: { name: 'Bilal Butt', contact: owner.email, role: 'vendor' },
      });
      expect(inbox.conversations[1].requester).toEqual({
        name: 'Ayesha Khan',
        contact: ayesha.email,
        role: 'customer',
      });

      const answeredOnly = (await call(admin, 'GET', '/api/admin/support/conversations?status=answered')).json();
      expect(answeredOnly.conversations.map((row: { id: string }) => row.id)).toEqual([answered.id]);
      const second = (await call(admin, 'GET', '/api/admin/support/conversations?page=2&pageSize=2')).json();
      expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
      expect(second.conversations.map((row: { id: string }) => row.id)).toEqual([answered.id]);
      expect(older.id).toBe(inbox.conversations[1].id);
      expect((await call(admin, 'GET', '/api/admin/support/conversations?status=waiting')).statusCode).toBe(400);
    });

    it("answers: the requester sees the answer, the status is answered, an e-mail goes out in the conversation's language, the audit log has it", async () => {
      const customer = await signUpUser(context.app, { name: 'Sana' });
      // Unsubscribed from every e-mail: the answer to their own question still reaches them.
      await db().update(emailPreferences).set({ unsubscribed: true }).where(eq(emailPreferences.userId, customer.id));
      const { id } = (
        await call(
          customer,
          'POST',
          '/api/support/conversations',
          { subject: 'انعام کہاں ہے؟', message: 'میرا کارڈ پورا ہو گیا ہے۔' },
          `${LANGUAGE_COOKIE}=ur`,
        )
      ).json();
      context.clock.advance(60_000);
      const answered = await call(admin, 'POST', `/api/admin/support/conversations/${id}/answers`, {
        message: 'کارڈ کھولیں اور "انعام وصول کریں" دبائیں۔',
      });
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toMatchObject({
        status: 'answered',
        language: 'ur',
        requester: { name: 'Sana Khan', contact: customer.email, role: 'customer' },
      });

      const seen = (await call(customer, 'GET', `/api/support/conversations/${id}`)).json();
      expect(seen.status).toBe('answered');
      expect(seen.messages.map((message: { author: string }) => message.author)).toEqual(['requester', 'admin']);
      expect(seen.messages[1].body).toBe('کارڈ کھولیں اور "انعام وصول کریں" دبائیں۔');

      const [mail] = await db()
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'support_reply')));
      expect(mail).toMatchObject({ status: 'queued', subject: 'جواب: انعام کہاں ہے؟', userId: customer.id });
      expect(mail!.text).toContain('کارڈ کھولیں اور "انعام وصول کریں" دبائیں۔');
      expect(mail!.text).toContain(`http://localhost:3000/support/${id}`);
      expect(mail!.html).toContain('dir="rtl"');
      // No unsubscribe link: it is the answer the person asked for, not a notification.
      expect(mail!.text).not.toContain('/unsubscribe');

      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'support.answer'), eq(auditLog.targetId, customer.id)));
      expect(entry).toMatchObject({ actorEmail: admin.email, targetType: 'user', metadata: { conversationId: id } });
      const [message] = await db()
        .select()
        .from(supportMessages)
        .where(and(eq(supportMessages.conversationId, id), eq(supportMessages.author, 'admin')));
      expect(message!.adminUserId).toBe(admin.id);
    });

    it('closes a conversation once; a closed one cannot be answered until its writer writes again', async () => {
      const customer = await signUpUser(context.app);
      const { id } = (await write(customer)).json();
      const closed = await call(admin, 'POST', `/api/admin/support/conversations/${id}/close`);
      expect(closed.json().status).toBe('closed');
      const again = await call(admin, 'POST', `/api/admin/support/conversations/${id}/close`);
      expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_closed']);
      const refused = await call(admin, 'POST', `/api/admin/support/conversations/${id}/answers`, { message: 'Hi' });
      expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'conversation_closed']);
      expect(
        await db()
          .select({ value: count() })
          .from(emailMessages)
          .where(and(eq(emailMessages.toEmail, customer.email), eq(emailMessages.emailType, 'support_reply'))),
      ).toEqual([{ value: 0 }]);
      const actions = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, customer.id));
      expect(actions).toEqual([{ action: 'support.close' }]);

      await call(customer, 'POST', `/api/support/conversations/${id}/messages`, { message: 'One more thing' });
      expect(
        (await call(admin, 'POST', `/api/admin/support/conversations/${id}/answers`, { message: 'Sure' })).json()
          .status,
      ).toBe('answered');
    });

    it('refuses an empty, too long or NUL answer and an unknown conversation', async () => {
      const customer = await signUpUser(context.app);
      const { id } = (await write(customer)).json();
      const answer = (message: string, target = id) =>
        call(admin, 'POST', `/api/admin/support/conversations/${target}/answers`, { message });
      expect((await answer('  ')).json().error.fields.message).toBe('Please write your message.');
      expect((await answer('x'.repeat(SUPPORT_MESSAGE_MAX + 1))).statusCode).toBe(400);
      expect((await answer('a\u0000')).statusCode).toBe(400);
      const unknown = '5b0f8a52-2f7a-4c6e-9a55-0d7c1b9e1f11';
      expect((await answer('Hello', unknown)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/api/admin/support/conversations/${unknown}`)).statusCode).toBe(404);
      expect((await call(admin, 'POST', `/api/admin/support/conversations/${unknown}/close`)).statusCode).toBe(404);
      expect((await call(customer, 'GET', `/api/support/conversations/${id}`)).json().status).toBe('open');
    });
  });

  describe('saved replies', () => {
    it('are added, listed in order of title, edited and deleted by the admin, each change in the audit log', async () => {
      await db().delete(supportReplyTemplates);
      const input = { title: 'Stamp missing', bodyEn: 'We will check it.', bodyUr: 'ہم اسے دیکھ لیں گے۔' };
      const created = await call(admin, 'POST', '/api/admin/support/templates', input);
      expect(created.statusCode).toBe(201);
      const template = created.json();
      expect(template).toMatchObject(input);
      await call(admin, 'POST', '/api/admin/support/templates', { ...input, title: 'A greeting' });
      const listed = (await call(admin, 'GET', '/api/admin/support/templates')).json();
      expect(listed.templates.map((item: { title: string }) => item.title)).toEqual(['A greeting', 'Stamp missing']);

      const updated = await call(admin, 'PUT', `/api/admin/support/templates/${template.id}`, {
        ...input,
        title: 'Stamp not showing',
      });
      expect(updated.json()).toMatchObject({ id: template.id, title: 'Stamp not showing' });
      expect((await call(admin, 'DELETE', `/api/admin/support/templates/${template.id}`)).json()).toEqual({ ok: true });
      expect((await call(admin, 'DELETE', `/api/admin/support/templates/${template.id}`)).statusCode).toBe(404);
      expect((await call(admin, 'PUT', `/api/admin/support/templates/${template.id}`, input)).statusCode).toBe(404);

      const actions = await db()
        .select({ action: auditLog.action, metadata: auditLog.metadata })
        .from(auditLog)
        .where(eq(auditLog.targetId, template.id));
      expect(actions.map((entry) => entry.action).sort()).toEqual([
        'support.template_create',
        'support.template_delete',
        'support.template_update',
      ]);
      const feed = (await call(admin, 'GET', '/api/admin/activity?limit=10')).json();
      expect(feed.items.map((item: { message: string }) => item.message)).toContain(
        'Saved reply Stamp not showing deleted',
      );
    });

    it('need a title and both texts, within their limits, and change nothing otherwise', async () => {
      const before = (await call(admin, 'GET', '/api/admin/support/templates')).json().templates.length;
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ title: '', bodyEn: 'E', bodyUr: 'U' }, 'title', 'Please give the saved reply a title.'],
        [{ title: 'x'.repeat(81), bodyEn: 'E', bodyUr: 'U' }, 'title', 'A title is at most 80 characters.'],
        [{ title: 'T', bodyEn: ' ', bodyUr: 'U' }, 'bodyEn', 'Please write the reply in English.'],
        [{ title: 'T', bodyEn: 'E' }, 'bodyUr', 'Please write the reply in Urdu.'],
        [
          { title: 'T', bodyEn: 'E', bodyUr: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) },
          'bodyUr',
          'The Urdu text is at most 4,000 characters.',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const response = await call(admin, 'POST', '/api/admin/support/templates', payload);
        expect([response.statusCode, response.json().error.fields?.[field]]).toEqual([400, message]);
      }
      expect(
        (await call(admin, 'POST', '/api/admin/support/templates', { title: 'T', bodyEn: '\u0000', bodyUr: 'U' }))
          .statusCode,
      ).toBe(400);
      expect((await call(admin, 'DELETE', '/api/admin/support/templates/not-an-id')).statusCode).toBe(400);
      expect((await call(admin, 'GET', '/api/admin/support/templates')).json().templates).toHaveLength(before);
    });
  });
});
