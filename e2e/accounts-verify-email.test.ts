import { describe, expect, it } from 'vitest';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: confirm the e-mail address', () => {
  const session = useBrowser();

  it('confirms once through the outbox link, then says the link was used', async () => {
    const user = await signUpViaApi(session.baseUrl);
    await signInBrowser(session.context, user.email);
    const { page } = session;

    await page.goto('/complete-profile');
    await page.getByText('Please confirm your e-mail address').waitFor();

    const [email] = await readOutbox(session.baseUrl, user.email, 'verification');
    const link = linkFrom(email!, '/verify-email');
    await page.goto(link);
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Go to my dashboard' }).waitFor();

    // The yellow notice is gone from the profile page.
    await page.goto('/complete-profile');
    await page.getByLabel('Phone').waitFor();
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Link already used' }).waitFor();
    expect(session.problems.filter((problem) => !problem.includes('400'))).toEqual([]);
  });

  it('explains an unknown link', async () => {
    await session.page.goto('/verify-email?token=made-up-token');
    await session.page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    expect(await session.page.getByText('This verification link is not valid.').count()).toBe(1);
  });
});
