import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCatalogueTexts, EN_CATALOGUE, NAMESPACES } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { auditLog, emailMessages, textOverrides } from '@server/db/schema';
import { migrationsFolder } from '@server/paths';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { cardsPausedEmail } from '@server/modules/billing/notify-plan-change';
import { planFor } from '@shared/billing/plans';
import { createCard, createVendor } from '@server/test/factories';

describe('Global Text Editor API (catalogue overrides)', () => {
  const context = useTestApp();
  let admin: SignedInUser;
  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    cookie = admin.cookie,
  ) => context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const publicTexts = async () => (await context.app.inject({ method: 'GET', url: '/api/texts' })).json().texts;

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('lists every catalogue text by screen with its default, and filters by screen and words', async () => {
    const all = (await call('GET', '/api/admin/texts')).json();
    expect(all.entries).toHaveLength(allCatalogueTexts('en').length);
    expect(all.entries).toContainEqual(
      expect.objectContaining({
        key: 'emails:welcome.subject',
        namespace: 'emails',
        area: 'E-mails',
        fallback: 'Welcome to {{brand}}, {{name}}!',
        placeholders: ['brand', 'name'],
        value: null,
      }),
    );
    expect(all.namespaces.map((namespace: { id: string }) => namespace.id)).toEqual(NAMESPACES);

    const auth = (await call('GET', '/api/admin/texts?namespace=auth')).json();
    expect(new Set(auth.entries.map((entry: { namespace: string }) => entry.namespace))).toEqual(new Set(['auth']));
    const footer = (await call('GET', '/api/admin/texts?search=Made%20for%20local')).json();
    expect(footer.entries.map((entry: { key: string }) => entry.key)).toEqual(['common:footer.note']);
    expect(footer.namespaces.find((namespace: { id: string }) => namespace.id === 'common').count).toBe(1);
  });

  it('saves an override that every visitor then reads from /api/texts, audits it, and resets it', async () => {
    expect(await publicTexts()).toEqual({});
    const saved = await call('PUT', `/api/admin/texts/en/${encodeURIComponent('landing:hero.headline')}`, {
      value: 'Earn biryani with every visit.',
    });
    expect(saved.statusCode).toBe(200);
    expect(await publicTexts()).toEqual({ 'landing:hero.headline': 'Earn biryani with every visit.' });
    const found = (await call('GET', '/api/admin/texts?search=biryani%20with%20every')).json().entries;
    expect(found).toEqual([
      expect.objectContaining({
        key: 'landing:hero.headline',
        value: 'Earn biryani with every visit.',
        updatedBy: admin.email,
      }),
    ]);

    expect(
      (await call('DELETE', `/api/admin/texts/en/${encodeURIComponent('landing:hero.headline')}`)).statusCode,
    ).toBe(200);
    expect(await publicTexts()).toEqual({});
    expect(
      (await call('DELETE', `/api/admin/texts/en/${encodeURIComponent('landing:hero.headline')}`)).statusCode,
    ).toBe(404);
    const actions = (
      await context.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'landing:hero.headline'))
    ).map((entry) => entry.action);
    expect(actions).toEqual(['text.update', 'text.reset']);
  });

  it('refuses an override that drops or invents a placeholder, naming it, and changes nothing', async () => {
    const missing = await call('PUT', `/api/admin/texts/en/${encodeURIComponent('emails:verification.intro')}`, {
      value: 'Hello, please confirm your address.',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.value).toBe('The text must keep the placeholder {{name}}.');
    const invented = await call('PUT', `/api/admin/texts/en/${encodeURIComponent('emails:verification.intro')}`, {
      value: 'Hi {{name}} from {{city}}.',
    });
    expect(invented.statusCode).toBe(400);
    expect(invented.json().error.fields.value).toContain('{{city}}');
    expect(await publicTexts()).toEqual({});
  });

  it('refuses bad input: empty, too long, unknown or malformed keys', async () => {
    const key = encodeURIComponent('common:footer.note');
    expect((await call('PUT', `/api/admin/texts/en/${key}`, { value: '   ' })).json().error.fields.value).toBe(
      'The text cannot be empty; reset it to use the default.',
    );
    const long = await call('PUT', `/api/admin/texts/en/${key}`, { value: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.value).toBe('This text is at most 1,000 characters.');
    expect(
      (await call('PUT', `/api/admin/texts/en/${encodeURIComponent('landing:no.such.key')}`, { value: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', '/api/admin/texts/en/footer.note', { value: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/texts/en/BAD%20KEY', { value: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/admin/texts/en/${key}`, {})).statusCode).toBe(400);
    expect(await publicTexts()).toEqual({});
  });

  it('refuses customers and visitors', async () => {
    const customer = await signUpUser(context.app);
    const key = encodeURIComponent('common:footer.note');
    expect((await call('GET', '/api/admin/texts', undefined, customer.cookie)).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/texts/en/${key}`, { value: 'Hacked.' }, customer.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/admin/texts/en/${key}`, undefined, customer.cookie)).statusCode).toBe(403);
    expect(
      (await context.app.inject({ method: 'PUT', url: `/api/admin/texts/en/${key}`, payload: { value: 'Hacked.' } }))
        .statusCode,
    ).toBe(401);
    expect(await publicTexts()).toEqual({});
  });

  it('uses an override in the e-mails it sends', async () => {
    const key = encodeURIComponent('emails:welcome.intro');
    expect(
      (await call('PUT', `/api/admin/texts/en/${key}`, { value: 'Stamps, rewards and chai: all on your phone.' }))
        .statusCode,
    ).toBe(200);
    const subject = encodeURIComponent('emails:welcome.subject');
    expect(
      (await call('PUT', `/api/admin/texts/en/${subject}`, { value: 'Khush aamdeed, {{name}}!' })).statusCode,
    ).toBe(200);
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    await context.app.deps.accounts.idle();
    const welcome = (
      await context.database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, customer.email))
    ).find((row) => row.emailType === 'welcome');
    expect(welcome?.subject).toBe('Khush aamdeed, Bilal!');
    expect(welcome?.text).toContain('Stamps, rewards and chai: all on your phone.');
    await call('DELETE', `/api/admin/texts/en/${key}`);
    await call('DELETE', `/api/admin/texts/en/${subject}`);
  });

  it('serves an override of a card tile text and of a server message, and applies it to what the server says', async () => {
    const badge = 'common:badge.cardType.hotShot';
    const alreadyHeld = 'marketplace:join.alreadyHeld';
    expect(
      (await call('PUT', `/api/admin/texts/en/${encodeURIComponent(badge)}`, { value: 'GARMA GARAM' })).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/api/admin/texts/en/${encodeURIComponent(alreadyHeld)}`, {
          value: 'This card is already yours.',
        })
      ).statusCode,
    ).toBe(200);
    expect(await publicTexts()).toEqual({ [badge]: 'GARMA GARAM', [alreadyHeld]: 'This card is already yours.' });

    const customer = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, { businessName: 'Override Karahi' });
    const card = await createCard(context.database.db, vendor.id, { cardType: 'hot_shot' });
    const join = () =>
      context.app.inject({
        method: 'POST',
        url: `/api/marketplace/cards/${card.id}/join`,
        headers: { cookie: customer.cookie },
      });
    expect((await join()).statusCode).toBe(201);
    const again = await join();
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'already_held', message: 'This card is already yours.' });
    // The editor still shows the catalogue's default beside the override.
    const listed = (await call('GET', '/api/admin/texts?namespace=marketplace')).json().entries;
    expect(listed.find((entry: { key: string }) => entry.key === alreadyHeld)).toMatchObject({
      fallback: 'You already have this loyalty card',
      value: 'This card is already yours.',
    });

    await call('DELETE', `/api/admin/texts/en/${encodeURIComponent(alreadyHeld)}`);
    await call('DELETE', `/api/admin/texts/en/${encodeURIComponent(badge)}`);
    expect((await join()).json().error.message).toBe('You already have this loyalty card');
  });

  it('applies overrides to the link and two-factor refusals the server words itself', async () => {
    const resetInvalid = 'account:link.resetInvalid';
    const signInExpired = 'account:twoFactorError.signInExpired';
    const override = (key: string, value: string) =>
      call('PUT', `/api/admin/texts/en/${encodeURIComponent(key)}`, { value });
    const checkReset = () =>
      context.app.inject({ method: 'GET', url: '/api/accounts/password-reset/check?token=not-a-real-token' });
    // A code step with no pending two-factor sign-in: the challenge is over.
    const codeStep = () =>
      context.app.inject({ method: 'POST', url: '/api/accounts/sign-in/two-factor', payload: { code: '123456' } });

    expect((await checkReset()).json().error).toEqual({
      code: 'link_invalid',
      message: 'This reset link is not valid. Please request a new one.',
    });
    expect((await codeStep()).json().error).toEqual({
      code: 'two_factor_expired',
      message: 'Your sign-in has expired. Please enter your e-mail and password again.',
    });

    expect((await override(resetInvalid, 'This reset link does not work. Ask for a fresh one.')).statusCode).toBe(200);
    expect((await override(signInExpired, 'Please sign in again.')).statusCode).toBe(200);
    expect((await checkReset()).json().error.message).toBe('This reset link does not work. Ask for a fresh one.');
    expect((await codeStep()).json().error.message).toBe('Please sign in again.');

    await call('DELETE', `/api/admin/texts/en/${encodeURIComponent(resetInvalid)}`);
    await call('DELETE', `/api/admin/texts/en/${encodeURIComponent(signInExpired)}`);
    expect((await checkReset()).json().error.message).toBe('This reset link is not valid. Please request a new one.');
  });

  it('applies an override of a shared form-field message to the field in a 400, and resets it', async () => {
    const nameMissing = encodeURIComponent('forms:name.missing');
    const customer = await signUpUser(context.app);
    const saveProfile = () =>
      context.app.inject({
        method: 'PUT',
        url: '/api/accounts/profile',
        headers: { cookie: customer.cookie },
        payload: {
          name: '',
          surname: 'Malik',
          phone: '+92 300 1234567',
          city: 'Lahore',
          dateOfBirth: '1995-03-14',
          gender: 'female',
        },
      });
    expect((await saveProfile()).json().error.fields).toEqual({ name: 'First name is required.' });
    expect(
      (await call('PUT', `/api/admin/texts/en/${nameMissing}`, { value: 'Apna pehla naam likhiye.' })).statusCode,
    ).toBe(200);
    const refused = await saveProfile();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'name: Apna pehla naam likhiye.',
      fields: { name: 'Apna pehla naam likhiye.' },
    });
    // SPEC.md's sign-up password rule, refused by the shared schema, takes its override too.
    const weakPassword = encodeURIComponent('auth:error.weakPassword');
    expect(
      (await call('PUT', `/api/admin/texts/en/${weakPassword}`, { value: 'Six characters at least, please.' }))
        .statusCode,
    ).toBe(200);
    const signUp = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: { name: 'Sana', surname: 'Malik', email: 'short-password@example.pk', password: '12345' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().error.fields).toEqual({ password: 'Six characters at least, please.' });

    await call('DELETE', `/api/admin/texts/en/${nameMissing}`);
    await call('DELETE', `/api/admin/texts/en/${weakPassword}`);
    expect((await saveProfile()).json().error.fields).toEqual({ name: 'First name is required.' });
  });

  it('uses an override in the plan-change e-mail, plural forms included', async () => {
    const render = () =>
      cardsPausedEmail({
        ownerName: 'Ayesha',
        businessName: 'Chai Khana',
        fromPlan: planFor('premium'),
        toPlan: planFor('starter'),
        pausedCards: [{ id: 'card-1', name: 'Chai Club', cardTypeLabel: 'Exclusive', reason: 'card_type' }],
        billingUrl: 'http://localhost:3000/vendor/billing',
      });
    expect(render().subject).toBe('1 loyalty card paused after your Chaska plan change');
    const subject = encodeURIComponent('emails:planPaused.subject_one');
    const keep = encodeURIComponent('emails:planPaused.keep');
    expect(
      (await call('PUT', `/api/admin/texts/en/${subject}`, { value: '{{count}} card of yours is on hold' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/admin/texts/en/${keep}`, { value: 'Your customers keep every stamp.' })).statusCode,
    ).toBe(200);
    const email = render();
    expect(email.subject).toBe('1 card of yours is on hold');
    expect(email.text).toContain('Your customers keep every stamp.');
    expect(email.html).toContain('Your customers keep every stamp.');
    await call('DELETE', `/api/admin/texts/en/${subject}`);
    await call('DELETE', `/api/admin/texts/en/${keep}`);
    expect(render().text).toContain('Customers keep their stamps on paused cards.');
  });

  it('keeps an override per language: an Urdu override changes Urdu only, and English stays its own', async () => {
    const key = 'landing:hero.headline';
    const urduHeadline = 'ہر بار آئیں، بریانی کمائیں۔';
    const urduTexts = async () => (await context.app.inject({ method: 'GET', url: '/api/texts?language=ur' })).json();
    expect(await urduTexts()).toEqual({ language: 'ur', texts: {} });

    const saved = await call('PUT', `/api/admin/texts/ur/${encodeURIComponent(key)}`, { value: urduHeadline });
    expect(saved.statusCode).toBe(200);
    expect(await urduTexts()).toEqual({ language: 'ur', texts: { [key]: urduHeadline } });
    expect(await publicTexts()).toEqual({});
    // Without ?language the visitor's own language decides: the cookie, else Accept-Language.
    const byCookie = await context.app.inject({
      method: 'GET',
      url: '/api/texts',
      headers: { cookie: 'chaska_lang=ur' },
    });
    expect(byCookie.json()).toEqual({ language: 'ur', texts: { [key]: urduHeadline } });
    const byHeader = await context.app.inject({
      method: 'GET',
      url: '/api/texts',
      headers: { 'accept-language': 'ur-PK' },
    });
    expect(byHeader.json().texts).toEqual({ [key]: urduHeadline });

    const english = await call('PUT', `/api/admin/texts/en/${encodeURIComponent(key)}`, {
      value: 'Biryani, every visit.',
    });
    expect(english.statusCode).toBe(200);
    expect(await publicTexts()).toEqual({ [key]: 'Biryani, every visit.' });
    expect((await urduTexts()).texts).toEqual({ [key]: urduHeadline });

    // The editor lists each language with its own default beside its own override.
    const listed = (await call('GET', '/api/admin/texts?language=ur&namespace=landing')).json();
    expect(listed.language).toBe('ur');
    expect(listed.entries.find((entry: { key: string }) => entry.key === key)).toMatchObject({
      fallback: UR_CATALOGUE.landing['hero.headline'],
      value: urduHeadline,
      updatedBy: admin.email,
    });
    expect(
      (await call('GET', '/api/admin/texts?language=en&namespace=landing'))
        .json()
        .entries.find((entry: { key: string }) => entry.key === key),
    ).toMatchObject({ fallback: EN_CATALOGUE.landing['hero.headline'], value: 'Biryani, every visit.' });
    // Search looks in the chosen language's texts.
    const found = (
      await call('GET', `/api/admin/texts?language=ur&search=${encodeURIComponent('بریانی کمائیں')}`)
    ).json();
    expect(found.entries.map((entry: { key: string }) => entry.key)).toEqual([key]);
    expect(
      (await call('GET', `/api/admin/texts?language=en&search=${encodeURIComponent('بریانی کمائیں')}`)).json().entries,
    ).toEqual([]);

    // A reset puts back one language only, and the audit log names the language.
    expect((await call('DELETE', `/api/admin/texts/ur/${encodeURIComponent(key)}`)).statusCode).toBe(200);
    expect((await urduTexts()).texts).toEqual({});
    expect(await publicTexts()).toEqual({ [key]: 'Biryani, every visit.' });
    expect((await call('DELETE', `/api/admin/texts/ur/${encodeURIComponent(key)}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/texts/en/${encodeURIComponent(key)}`)).statusCode).toBe(200);
    const audited = await context.database.db
      .select({ action: auditLog.action, metadata: auditLog.metadata })
      .from(auditLog)
      .where(eq(auditLog.targetId, key))
      .orderBy(auditLog.id);
    expect(audited.slice(-4)).toEqual([
      { action: 'text.update', metadata: { key, language: 'ur', value: urduHeadline } },
      { action: 'text.update', metadata: { key, language: 'en', value: 'Biryani, every visit.' } },
      { action: 'text.reset', metadata: { key, language: 'ur' } },
      { action: 'text.reset', metadata: { key, language: 'en' } },
    ]);
    const feed = (await call('GET', '/api/admin/activity')).json();
    expect(JSON.stringify(feed)).toContain(`Text ${key} reset to its default in Urdu`);
  });

  it("checks an Urdu override's placeholders against the Urdu default, and refuses an unknown language", async () => {
    const key = encodeURIComponent('emails:verification.intro');
    const dropped = await call('PUT', `/api/admin/texts/ur/${key}`, { value: 'براہِ کرم تصدیق کریں۔' });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().error.fields.value).toBe('The text must keep the placeholder {{name}}.');
    const unknownLanguage = await call('PUT', `/api/admin/texts/fr/${key}`, { value: 'Bonjour {{name}}.' });
    expect(unknownLanguage.statusCode).toBe(400);
    expect(unknownLanguage.json().error.fields).toEqual({ language: 'language must be en, ur or ur-Latn' });
    expect((await call('DELETE', `/api/admin/texts/fr/${key}`)).statusCode).toBe(400);
    const badList = await call('GET', '/api/admin/texts?language=fr');
    expect(badList.statusCode).toBe(400);
    expect(badList.json().error.fields).toEqual({ language: 'language must be en, ur or ur-Latn' });
    const badPublic = await context.app.inject({ method: 'GET', url: '/api/texts?language=xx' });
    expect(badPublic.statusCode).toBe(400);
    expect(badPublic.json().error.fields).toHaveProperty('language');
    expect(
      (await call('PUT', `/api/admin/texts/ur/${encodeURIComponent('landing:no.such.key')}`, { value: 'x' }))
        .statusCode,
    ).toBe(404);
    const long = await call('PUT', `/api/admin/texts/ur/${encodeURIComponent('common:footer.note')}`, {
      value: 'ب'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.value).toBe('This text is at most 1,000 characters.');
    const customer = await signUpUser(context.app);
    expect((await call('PUT', `/api/admin/texts/ur/${key}`, { value: '{{name}}' }, customer.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/admin/texts/ur/${key}`, undefined, customer.cookie)).statusCode).toBe(403);
    expect((await context.database.db.select().from(textOverrides)).length).toBe(0);
  });

  it('renders an Urdu e-mail with the Urdu override and an English one with the English override', async () => {
    const key = encodeURIComponent('emails:verification.subject');
    expect((await call('PUT', `/api/admin/texts/ur/${key}`, { value: 'ای میل کی تصدیق: {{brand}}' })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/api/admin/texts/en/${key}`, { value: 'Please confirm your e-mail' })).statusCode).toBe(
      200,
    );
    const urduReader = await signUpUser(context.app);
    await context.app.inject({
      method: 'PUT',
      url: '/api/accounts/language',
      headers: { cookie: urduReader.cookie },
      payload: { language: 'ur' },
    });
    const englishReader = await signUpUser(context.app);
    for (const reader of [urduReader, englishReader]) {
      const resent = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/verification/resend',
        headers: { cookie: reader.cookie, origin: context.app.deps.config.publicUrl },
      });
      expect(resent.statusCode, resent.body).toBe(200);
    }
    await context.app.deps.email.idle();
    const subjectsOf = async (email: string) =>
      (await context.database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, email)))
        .filter((row) => row.emailType === 'verification')
        .map((row) => row.subject);
    expect(await subjectsOf(urduReader.email)).toContain('ای میل کی تصدیق: Chaska');
    expect(await subjectsOf(englishReader.email)).toContain('Please confirm your e-mail');
    expect(await subjectsOf(englishReader.email)).not.toContain('ای میل کی تصدیق: Chaska');
    await call('DELETE', `/api/admin/texts/ur/${key}`);
    await call('DELETE', `/api/admin/texts/en/${key}`);
  });

  it('moves the overrides written before texts had a language to English (migration 0031)', async () => {
    const db = context.database.db;
    const statementsOf = (file: string) =>
      readFileSync(join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint');
    const createBefore = statementsOf('0000_init.sql').find((statement) =>
      statement.includes('CREATE TABLE "text_overrides"'),
    )!;
    await db.execute(sql.raw('DROP TABLE "text_overrides"'));
    await db.execute(sql.raw(createBefore));
    await db.execute(
      sql.raw(`INSERT INTO "text_overrides" ("key", "value") VALUES ('common:footer.note', 'Proudly from Lahore.')`),
    );
    for (const statement of statementsOf('0031_text_overrides_by_language.sql')) await db.execute(sql.raw(statement));
    expect(await db.select({ key: textOverrides.key, language: textOverrides.language }).from(textOverrides)).toEqual([
      { key: 'common:footer.note', language: 'en' },
    ]);
    await db.insert(textOverrides).values({ key: 'common:footer.note', language: 'ur', value: 'لاہور سے۔' });
    await expect(
      // @ts-expect-error The type refuses a language the catalogue has not; the database must too.
      db.insert(textOverrides).values({ key: 'common:footer.note', language: 'fr', value: 'De Lahore.' }),
    ).rejects.toThrow();
    await db.delete(textOverrides);
  });

  it('keeps the overrides of the old editor under their catalogue keys (migration 0012)', async () => {
    const db = context.database.db;
    await db.insert(textOverrides).values([
      { key: 'footer.note', language: 'en', value: 'Proudly from Lahore.' },
      { key: 'landing.hero.headline', language: 'en', value: 'Earn biryani with every visit.' },
    ]);
    const migration = readFileSync(join(migrationsFolder, '0014_text_overrides_catalogue_keys.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    // A save and a reset of another text refresh the cached overrides at once.
    await call('PUT', `/api/admin/texts/en/${encodeURIComponent('common:footer.tagline')}`, {
      value: 'Loyalty, mild.',
    });
    await call('DELETE', `/api/admin/texts/en/${encodeURIComponent('common:footer.tagline')}`);
    expect(await publicTexts()).toEqual({
      'common:footer.note': 'Proudly from Lahore.',
      'landing:hero.headline': 'Earn biryani with every visit.',
    });
    await db.delete(textOverrides);
  });

  it('moves overrides of texts that became plural keys or per-kind join labels (migration 0018)', async () => {
    const db = context.database.db;
    await db.insert(textOverrides).values([
      { key: 'customer:card.stamps', language: 'en', value: '{{collected}} of {{required}} stamps so far' },
      { key: 'marketplace:daily.join', language: 'en', value: 'Grab it now' },
      { key: 'marketplace:free.join', language: 'en', value: 'Old free label' },
      { key: 'marketplace:tile.join.free', language: 'en', value: 'New free label' },
    ]);
    const migration = readFileSync(join(migrationsFolder, '0018_plural_text_override_keys.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const rows = await db.select({ key: textOverrides.key, value: textOverrides.value }).from(textOverrides);
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      'customer:card.stamps_other': '{{collected}} of {{required}} stamps so far',
      'marketplace:tile.join.dailyChaska': 'Grab it now',
      'marketplace:tile.join.free': 'New free label',
    });
    await db.delete(textOverrides);
    await call('PUT', `/api/admin/texts/en/${encodeURIComponent('common:footer.tagline')}`, {
      value: 'Loyalty, mild.',
    });
    await call('DELETE', `/api/admin/texts/en/${encodeURIComponent('common:footer.tagline')}`);
  });
});

describe('the sign-in rate-limit message (catalogue plural with overrides)', () => {
  const context = useTestApp({ RATE_LIMIT_MAX: '1' });
  const signIn = (email: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      payload: { email, password: 'wrong-one' },
      remoteAddress: '10.20.30.40',
    });

  it('says "1 second" when one second is left, and an override of the text is what the server answers', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    expect((await signIn('first@example.pk')).statusCode).toBe(401);
    context.clock.advance(30_000);
    const limited = await signIn('second@example.pk');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Too many attempts. Please wait 30 seconds and try again.');
    context.clock.advance(29_000);
    expect((await signIn('third@example.pk')).json().error.message).toBe(
      'Too many attempts. Please wait 1 second and try again.',
    );

    const key = encodeURIComponent('auth:error.waitSeconds_one');
    const override = (method: 'PUT' | 'DELETE') =>
      context.app.inject({
        method,
        url: `/api/admin/texts/en/${key}`,
        headers: { cookie: admin.cookie },
        ...(method === 'PUT' ? { payload: { value: 'Zara ruk jaiye: {{count}} second, then try again.' } } : {}),
      });
    expect((await override('PUT')).statusCode).toBe(200);
    expect((await signIn('fourth@example.pk')).json().error.message).toBe('Zara ruk jaiye: 1 second, then try again.');
    expect((await override('DELETE')).statusCode).toBe(200);
    expect((await signIn('fifth@example.pk')).json().error.message).toBe(
      'Too many attempts. Please wait 1 second and try again.',
    );
  });
});
