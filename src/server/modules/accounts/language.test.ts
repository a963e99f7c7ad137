import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';

describe('the language switch (PUT /api/accounts/language)', () => {
  const context = useTestApp();

  function chooseLanguage(language: string, cookie?: string) {
    const headers = cookie === undefined ? {} : { cookie };
    return context.app.inject({ method: 'PUT', url: '/api/accounts/language', headers, payload: { language } });
  }

  it('saves the choice to the account, which "who am I" then reports', async () => {
    const person = await signUpUser(context.app);
    const before = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } });
    expect(before.json().user.language).toBeNull();

    const saved = await chooseLanguage('ur', person.cookie);
    expect(saved.statusCode).toBe(200);
    const after = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } });
    expect(after.json().user.language).toBe('ur');
  });

  it('refuses a visitor: their choice lives in the cookie only', async () => {
    const response = await chooseLanguage('ur');
    expect(response.statusCode).toBe(401);
  });

  it('refuses a language we do not have, naming the field, and changes nothing', async () => {
    const person = await signUpUser(context.app);
    const response = await chooseLanguage('fr', person.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('language');
    const [row] = await context.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.language).toBeNull();
  });

  it("answers a refusal in the reader's language and writes e-mails in the recipient's", async () => {
    const refusedInUrdu = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      headers: { cookie: 'chaska_lang=ur' },
      payload: { name: 'Sana', surname: 'Iqbal', email: 'sana@example.com', password: '123' },
    });
    expect(refusedInUrdu.statusCode).toBe(400);
    expect(refusedInUrdu.body).toContain('پاس ورڈ کم از کم 6 حروف کا ہونا چاہیے۔');

    const person = await signUpUser(context.app);
    await chooseLanguage('ur', person.cookie);
    // Asked from an English browser: the e-mail still follows the account's choice.
    const resent = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/verification/resend',
      headers: { cookie: `${person.cookie}; chaska_lang=en`, origin: context.app.deps.config.publicUrl },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await context.app.deps.email.idle();
    const messages = await context.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toEmail, person.email));
    const subjects = messages
      .filter((message) => message.emailType === 'verification')
      .map((message) => message.subject);
    expect(subjects).toContain('Chaska کے لیے اپنے ای میل ایڈریس کی تصدیق کریں');
    const urdu = messages.find((message) => message.subject.startsWith('Chaska کے لیے'));
    expect(urdu?.html).toContain('<html lang="ur" dir="rtl">');
  });
});
