import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

/**
 * Other journeys add vendors and cards to the same server, newest first, so a demo vendor or card
 * may sit behind "Show more vendors" or "Show more cards": open pages until its heading shows.
 */
async function showCard(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { name });
  const more = page.getByRole('button', { name: /^Show more (cards|vendors)$/ });
  for (let pages = 0; pages < 20; pages += 1) {
    await heading.or(more).first().waitFor();
    if (await heading.isVisible()) return;
    // A filter that has just been chosen can replace the list (and its button) under the click:
    // then look again rather than wait for a button that is gone.
    const clicked = await more.click({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!clicked) continue;
    // The button is busy while the page loads, and gone after the last page.
    await expect
      .poll(() => more.evaluateAll((buttons) => buttons.some((button) => button.getAttribute('aria-busy') === 'true')))
      .toBe(false);
  }
  await heading.waitFor();
}

/**
 * A visitor browses the demo marketplace, filters by city and by category, opens a vendor, presses
 * Join Club while signed out, signs in, and comes back to a finished join.
 */
describe.skipIf(!chromiumAvailable)('marketplace: browse, filter, open a vendor and join while signed out', () => {
  const session = useBrowser();

  it('joins Karahi Lovers Club after signing in and finds it among their cards', async () => {
    const customer = await signUpViaApi(session.baseUrl, { name: 'Zara', surname: 'Malik' });
    const { page } = session;

    // Landing: live counts, then the city chips narrow the featured vendors.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured vendors' }).waitFor();
    await page.getByText('Active loyalty programs').waitFor();
    const cities = page.getByRole('group', { name: 'Filter vendors by city' });
    // A click that comes before the page is interactive loads the filtered page from the server.
    await cities.getByRole('button', { name: 'Karachi' }).click();
    await page.waitForURL('/?city=Karachi*');
    await showCard(page, 'Burns Road Sweets');
    await expect.poll(() => page.getByRole('heading', { name: 'Butt Karahi House' }).count()).toBe(0);
    expect(await cities.getByRole('button', { name: 'Karachi' }).getAttribute('aria-pressed')).toBe('true');
    await cities.getByRole('button', { name: 'All' }).click();
    await page.waitForURL((url) => !url.search.includes('city='));
    await showCard(page, 'Butt Karahi House');

    // Vendor Clubs: Food keeps restaurants, bakeries and dessert shops and drops the cafe.
    await page.goto('/vendor-clubs');
    await showCard(page, 'Chai Rewards');
    const categories = page.getByRole('group', { name: 'Filter by category' });
    await categories.getByRole('button', { name: 'Food' }).click();
    await page.waitForURL('**/vendor-clubs?category=food');
    await showCard(page, 'Karahi Lovers Club');
    await showCard(page, 'Halwa Lovers');
    await expect.poll(() => page.getByRole('heading', { name: 'Chai Rewards' }).count()).toBe(0);
    await categories.getByRole('button', { name: 'Coffee' }).click();
    await showCard(page, 'Chai Rewards');
    await expect.poll(() => page.getByRole('heading', { name: 'Karahi Lovers Club' }).count()).toBe(0);
    await categories.getByRole('button', { name: 'Food' }).click();

    // Every card links to its vendor's page.
    await page.getByRole('link', { name: /Butt Karahi House/ }).click();
    await page.waitForURL('**/vendors/butt-karahi-house-lahore');
    await page.getByRole('heading', { level: 1, name: 'Butt Karahi House' }).waitFor();
    expect(await page.title()).toBe('Butt Karahi House, Lahore · Chaska');
    expect(await page.getByRole('link', { name: 'WhatsApp +92 300 4123456' }).getAttribute('href')).toBe(
      'https://wa.me/923004123456',
    );
    await page.getByText('Hours not listed').waitFor();

    // Join Club while signed out: sign in first, then back here to finish the join.
    await page.getByRole('button', { name: 'Join Club' }).click();
    await page.waitForURL(/\/auth\?next=/);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/vendors/butt-karahi-house-lahore' && !url.search.includes('join='),
    );
    await page.getByText('Karahi Lovers Club from Butt Karahi House is now in your cards.').waitFor();
    // The card shows as held without a reload: the join refreshes the listing even when the
    // listing's first answer, read before the join committed, arrives after it (refreshAfterWrite).
    await page.getByRole('link', { name: 'In your cards' }).waitFor();
    expect(await page.getByRole('button', { name: 'Join Club' }).count()).toBe(0);

    // The server agrees: the card is held (and a second join is refused with SPEC.md's text).
    const listing = await session.context.request.get('/api/marketplace/cards?vendor=butt-karahi-house-lahore');
    const cards = ((await listing.json()) as { cards: { id: string; name: string; held: boolean }[] }).cards;
    const karahi = cards.find((card) => card.name === 'Karahi Lovers Club');
    expect(karahi?.held).toBe(true);
    const again = await session.context.request.post(`/api/marketplace/cards/${karahi?.id}/join`);
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'You already have this loyalty card',
    );

    await page.getByRole('link', { name: 'Open my cards' }).click();
    await page.waitForURL('**/user');
    await showCard(page, 'Karahi Lovers Club');
    expect(session.problems).toEqual([]);
  });

  it('filters by city and by category, and starts a join, before the page is interactive', async () => {
    // A phone that has painted the server's page but not yet run its script: the chips still work.
    const context = await session.browser.newContext({ baseURL: session.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/');
      const cities = page.getByRole('group', { name: 'Filter vendors by city' });
      await cities.getByRole('button', { name: 'Karachi' }).click();
      await page.waitForURL('/?city=Karachi#featured-vendors');
      expect(await cities.getByRole('button', { name: 'Karachi' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('heading', { name: 'Butt Karahi House' }).count()).toBe(0);

      await page.goto('/vendor-clubs');
      const categories = page.getByRole('group', { name: 'Filter by category' });
      await categories.getByRole('button', { name: 'Coffee' }).click();
      await page.waitForURL('/vendor-clubs?category=coffee');
      expect(await categories.getByRole('button', { name: 'Coffee' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('heading', { name: 'Karahi Lovers Club' }).count()).toBe(0);
      await categories.getByRole('button', { name: 'All' }).click();
      await page.waitForURL('/vendor-clubs?');
      expect(await categories.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

      // Join Club opens the sign-in with the way back to the join, as the interactive page does.
      await page.goto('/vendors/butt-karahi-house-lahore');
      await page.getByRole('button', { name: 'Join Club' }).click();
      await page.waitForURL(/\/auth\?next=%2Fvendors%2Fbutt-karahi-house-lahore%3Fjoin%3D[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the card held even when the listing read before the join reaches the page after it', async () => {
    const customer = await signUpViaApi(session.baseUrl, { name: 'Sana', surname: 'Raza' });
    const { page } = session;
    await page.goto('/vendors/butt-karahi-house-lahore');
    await page.getByRole('button', { name: 'Join Club' }).first().click();
    await page.waitForURL(/\/auth\?next=/);

    // Back on the vendor page, its listing is read at once but reaches the page 2 s later, and
    // the join reaches the server half a second late: the listing's first answer predates the join.
    const listingAnswers: string[] = [];
    await page.route('**/api/marketplace/cards?*', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      listingAnswers.push(body.includes('"held":true') ? 'held' : 'not held');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response, body });
    });
    await page.route('**/api/marketplace/cards/*/join', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('Karahi Lovers Club from Butt Karahi House is now in your cards.').waitFor();
    await page.getByRole('link', { name: 'In your cards' }).waitFor();
    expect(listingAnswers[0]).toBe('not held');
    expect(listingAnswers.at(-1)).toBe('held');
    expect(session.problems).toEqual([]);
  });
});
