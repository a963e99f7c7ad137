import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, uniqueEmail, verifyEmailViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('vendor application: one path from "Become a vendor" to what happens next', () => {
  const session = useBrowser();

  it('reads "Apply for your shop" from sign-up to the form, then "What happens next", also on coming back', async () => {
    const { page } = session;
    const email = uniqueEmail('shop');
    const steps = page.getByRole('list', { name: 'Applying for your shop' });
    const currentStep = steps.locator('[aria-current="step"]');

    // A signed-out visitor follows the footer's "Become a vendor".
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Become a vendor' }).click();
    await page.waitForURL('**/auth?next=%2Fvendor-signup');
    await page.getByRole('heading', { level: 1, name: 'Apply for your shop' }).waitFor();
    await page
      .getByText(
        'First your account: sign up, or sign in if you already use Chaska. Then you tell us about your shop. We review every application, usually within 24-48 hours, and e-mail you the result.',
      )
      .waitFor();
    expect(await currentStep.textContent()).toContain('Your account');
    // The sign-in form keeps its own words (SPEC.md), under the page's title.
    expect(await page.getByRole('heading', { level: 2, name: 'Sign in' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Sign up' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Apply for your shop' }).count()).toBe(1);
    await page.getByLabel('First Name').fill('Sana');
    await page.getByLabel('Last Name').fill('Iqbal');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Step 2: the same title; an unverified address is asked to verify before the form (issue 40).
    await page.waitForURL('**/vendor-signup');
    await page.getByRole('heading', { level: 1, name: 'Apply for your shop' }).waitFor();
    await page.getByText('First verify your e-mail address or mobile number').waitFor();
    await verifyEmailViaApi(session.baseUrl, email);
    await page.reload();
    await page.getByLabel('Business name').waitFor();
    expect(await currentStep.textContent()).toContain('Your shop');

    await page.getByLabel('Business name').fill('Sana Bakers');
    await page.getByLabel('Business category').selectOption({ label: 'Bakery' });
    await page.getByLabel('Address').fill('5 Jail Road');
    await page.getByLabel('City').selectOption('Lahore');
    await page.getByLabel('Area').fill('Shadman');
    await page.getByLabel('Phone').fill('+92 300 4455667');
    await page.getByRole('button', { name: 'Submit Application' }).click();

    // Step 3: what happens next, with SPEC.md's confirmation.
    await page.getByRole('heading', { level: 1, name: 'What happens next' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vendor-signup');
    await page
      .getByText(
        'Vendor application submitted successfully! We will review your application and get back to you within 24-48 hours.',
      )
      .waitFor();
    expect(await currentStep.textContent()).toContain('Our review');
    await page.getByText('Your application is pending review').waitFor();
    await page.getByText(/We received the application for Sana Bakers on/).waitFor();
    await page.getByRole('heading', { name: 'We review your shop' }).waitFor();
    await page.getByText('An admin checks the details you sent, usually within 24-48 hours.').waitFor();
    await page.getByRole('heading', { name: 'You get an e-mail' }).waitFor();
    await page.getByText(`The result goes to ${email}.`, { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Meanwhile' }).waitFor();
    expect(await page.getByRole('link', { name: 'plans' }).getAttribute('href')).toBe('/pricing');

    // Coming back later: the customer dashboard points to the same page, which still says where it stands.
    await page.goto('/user');
    await page.getByText('Vendor application under review').waitFor();
    await page.getByRole('link', { name: 'What happens next' }).click();
    await page.getByRole('heading', { level: 1, name: 'What happens next' }).waitFor();
    await page.getByText('Your application is pending review').waitFor();
    expect(await page.getByText('Vendor application submitted successfully!', { exact: false }).count()).toBe(0);
    // The vendor area says the same until the review is done.
    await page.goto('/vendor');
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    await page.getByText(/We received the application for Sana Bakers on/).waitFor();
    expect(session.problems).toEqual([]);
  });
});
