import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';
import { signInBrowserAsAdmin } from './support/vendor-applicants';
import { saveScreenshots } from './support/screenshots';
import { ROMAN_URDU_TEXTS } from '../src/shared/i18n/roman-urdu';

/** Saves an override on the Global Text Editor, choosing the text's screen first. */
async function saveText(page: Page, screen: string, key: string, value: string): Promise<void> {
  await page.getByLabel('Screen', { exact: true }).selectOption(screen);
  const field = page.getByLabel(`Text of ${key}`);
  await field.fill(value);
  await page.getByRole('listitem').filter({ has: field }).getByRole('button', { name: 'Save' }).click();
  await page.getByText(`"${key}" is saved.`).waitFor();
}

/** Puts a text back to its default on the Global Text Editor. */
async function resetText(page: Page, screen: string, key: string): Promise<void> {
  await page.getByLabel('Screen', { exact: true }).selectOption(screen);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`Text of ${key}`) })
    .getByRole('button', { name: 'Reset to default' })
    .click();
  await page.getByText(`"${key}" is back to its default.`).waitFor();
}

describe.skipIf(!chromiumAvailable)('admin: Global Text Editor and the Terms of Service', () => {
  const session = useBrowser();

  it('edits a landing text and the terms; a signed-out visitor sees both; the admin resets them', async () => {
    const headline = 'Biryani, chai and a stamp on every visit.';
    const termsBody = '## 1. Short terms\nBe kind to the staff, and your stamps are yours.';

    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/text-editor');
    await page.getByRole('heading', { name: 'Global Text Editor' }).waitFor();
    // Some 2,400 texts: a hundred boxes at a time, and more on request.
    await page.getByRole('button', { name: /^Show 100 more \(\d+ left\)$/ }).click();
    await expect.poll(() => page.getByLabel(/^Text of /).count()).toBe(200);

    await page.getByLabel('Screen', { exact: true }).selectOption('landing');
    const headlineField = page.getByLabel('Text of landing:hero.headline');
    await headlineField.fill(headline);
    await page.getByRole('listitem').filter({ has: headlineField }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('"landing:hero.headline" is saved.').waitFor();

    // A placeholder cannot be dropped: the editor says which one.
    await page.getByLabel('Screen', { exact: true }).selectOption('common');
    const copyrightField = page.getByLabel('Text of common:footer.copyright');
    await copyrightField.fill('© Chaska.');
    await page.getByRole('listitem').filter({ has: copyrightField }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('The text must keep the placeholder {{year}}.').waitFor();

    await page.getByLabel('Screen', { exact: true }).selectOption('terms');

    const bodyField = page.getByLabel('Text of terms:body');
    await bodyField.fill(termsBody);
    await page.getByRole('listitem').filter({ has: bodyField }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('"terms:body" is saved.').waitFor();

    const visitor = await session.newContext();
    try {
      await visitor.page.goto('/');
      await visitor.page.getByRole('heading', { level: 1, name: headline }).waitFor();
      await visitor.page.goto('/auth');
      await visitor.page.getByRole('link', { name: 'Terms of Service' }).click();
      await visitor.page.waitForURL('**/terms');
      await visitor.page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      await visitor.page.getByRole('heading', { level: 2, name: '1. Short terms' }).waitFor();
      await visitor.page.getByText('Be kind to the staff, and your stamps are yours.').waitFor();

      await page
        .getByRole('listitem')
        .filter({ has: bodyField })
        .getByRole('button', { name: 'Reset to default' })
        .click();
      await page.getByText('"terms:body" is back to its default.').waitFor();
      await page.getByLabel('Screen', { exact: true }).selectOption('landing');
      await page
        .getByRole('listitem')
        .filter({ has: page.getByLabel('Text of landing:hero.headline') })
        .getByRole('button', { name: 'Reset to default' })
        .click();
      await page.getByText('"landing:hero.headline" is back to its default.').waitFor();

      await visitor.page.goto('/terms');
      await visitor.page.getByRole('heading', { level: 2, name: '1. Who we are' }).waitFor();
      await visitor.page.goto('/');
      await visitor.page.getByRole('heading', { level: 1, name: 'Collect stamps at the places you love.' }).waitFor();
    } finally {
      await visitor.context.close();
    }
    expect(session.problems).toEqual([]);
  });

  // Two languages in the editor and a visitor switching and reloading twice: on a slow 2-core
  // machine this one journey alone took 60 s, the project's default for a journey.
  it('overrides an Urdu text: a visitor sees it on the Urdu screen while English keeps its own', async () => {
    const urduHeadline = 'ہر بار آئیں، بریانی پائیں۔';
    const englishHeadline = 'Collect stamps at the places you love.';
    const urduDefault = 'اپنی پسندیدہ جگہوں پر اسٹیمپ جمع کریں۔';

    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/text-editor');
    await page.getByRole('heading', { name: 'Global Text Editor' }).waitFor();
    // The editor opens on the admin's language; the choice shows Urdu's own defaults.
    await page.getByLabel('Language of the texts').selectOption('ur');
    await page.getByLabel('Screen', { exact: true }).selectOption('landing');
    const headlineField = page.getByLabel('Text of landing:hero.headline');
    await expect.poll(() => headlineField.getAttribute('lang')).toBe('ur');
    await expect.poll(() => headlineField.inputValue()).toContain('پسندیدہ');
    // An Urdu text keeps the Urdu default's placeholders: the footer's {{year}} cannot be dropped.
    await page.getByLabel('Screen', { exact: true }).selectOption('common');
    const copyrightField = page.getByLabel('Text of common:footer.copyright');
    await copyrightField.fill('© چسکا');
    await page.getByRole('listitem').filter({ has: copyrightField }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('The text must keep the placeholder {{year}}.').waitFor();
    await saveText(page, 'landing', 'landing:hero.headline', urduHeadline);

    const visitor = await session.newContext();
    try {
      await visitor.page.goto('/');
      await visitor.page.getByRole('heading', { level: 1, name: englishHeadline }).waitFor();
      // Switching to Urdu fetches Urdu's overrides and lays them over the Urdu texts.
      await visitor.page.getByRole('button', { name: 'Language: اردو' }).click();
      await visitor.page.getByRole('heading', { level: 1, name: urduHeadline }).waitFor();
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { level: 1, name: urduHeadline }).waitFor();
      await visitor.page.getByRole('button', { name: 'زبان: English' }).click();
      await visitor.page.getByRole('heading', { level: 1, name: englishHeadline }).waitFor();

      // The English list has no override of the headline.
      await page.getByLabel('Language of the texts').selectOption('en');
      const englishField = page.getByLabel('Text of landing:hero.headline');
      await expect
        .poll(() => englishField.inputValue())
        .toBe('Collect stamps at the places you <accent>love</accent>.');
      await page.getByLabel('Language of the texts').selectOption('ur');
      await resetText(page, 'landing', 'landing:hero.headline');

      await visitor.page.getByRole('button', { name: 'Language: اردو' }).click();
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { level: 1, name: urduDefault }).waitFor();
    } finally {
      await visitor.context.close();
    }
    expect(session.problems).toEqual([]);
  }, 120_000);

  it('overrides a card tile badge and join button; a visitor sees them on a vendor page until the admin resets them', async () => {
    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/text-editor');
    await page.getByRole('heading', { name: 'Global Text Editor' }).waitFor();

    await saveText(page, 'common', 'common:badge.cardType.hotShot', 'GARMA GARAM');
    await saveText(page, 'marketplace', 'marketplace:tile.join.hotShot', 'Join the karahi club');

    const visitor = await session.newContext();
    try {
      const tile = visitor.page.getByRole('article', { name: 'Karahi Lovers Club' });
      await visitor.page.goto('/vendors/butt-karahi-house-lahore');
      await tile.getByText('GARMA GARAM', { exact: true }).waitFor();
      await tile.getByRole('button', { name: 'Join the karahi club' }).waitFor();
      expect(await tile.getByText('Vendor Club', { exact: true }).count()).toBe(0);

      await resetText(page, 'common', 'common:badge.cardType.hotShot');
      await resetText(page, 'marketplace', 'marketplace:tile.join.hotShot');
      await visitor.page.reload();
      await tile.getByText('Vendor Club', { exact: true }).waitFor();
      await tile.getByRole('button', { name: 'Join Club' }).waitFor();
    } finally {
      await visitor.context.close();
    }
    expect(session.problems).toEqual([]);
  });

  it('overrides texts of the account pages and the 404 page; a visitor sees them until the admin resets them', async () => {
    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/text-editor');
    await page.getByRole('heading', { name: 'Global Text Editor' }).waitFor();

    await saveText(page, 'account', 'account:reset.noToken', 'This link has no code in it. Ask for a fresh one below.');
    await saveText(page, 'common', 'common:notFound.title', 'Nothing to stamp here');

    const visitor = await session.newContext();
    try {
      await visitor.page.goto('/reset-password');
      await visitor.page.getByText('This link has no code in it. Ask for a fresh one below.').waitFor();
      await visitor.page.getByRole('link', { name: 'Request a new link' }).waitFor();
      await visitor.page.goto('/no-such-page');
      await visitor.page.getByRole('heading', { level: 1, name: 'Nothing to stamp here' }).waitFor();

      await resetText(page, 'account', 'account:reset.noToken');
      await resetText(page, 'common', 'common:notFound.title');
      await visitor.page.goto('/reset-password');
      await visitor.page.getByText('This reset link is not valid. Please request a new one.').waitFor();
      await visitor.page.goto('/no-such-page');
      await visitor.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    } finally {
      await visitor.context.close();
    }
    expect(session.problems).toEqual([]);
  });

  it("shows Roman Urdu as the phone's language only, with its texts and the WhatsApp and SMS mark (decision 082)", async () => {
    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/text-editor');
    await page.getByRole('heading', { name: 'Global Text Editor' }).waitFor();
    await page.getByLabel('Language of the texts').selectOption('ur-Latn');
    await page.getByText('Roman Urdu reaches phones only').waitFor();
    const subject = page.getByLabel('Text of emails:stamp.subject');
    await expect.poll(() => subject.inputValue()).toBe('{{vendor}} se stamp mil gaya ({{collected}}/{{required}})');
    const phoneTexts = Object.keys(ROMAN_URDU_TEXTS).length;
    expect(await page.getByLabel(/^Text of /).count()).toBe(phoneTexts);
    expect(await page.getByText('WhatsApp and SMS', { exact: true }).count()).toBe(phoneTexts);
    await saveScreenshots(page, 'text-editor-roman-urdu', { fullPage: false });
    expect(session.problems).toEqual([]);
  });
});
