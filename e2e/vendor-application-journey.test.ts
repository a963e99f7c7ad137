import { describe, expect, it } from 'vitest';
import {
  E2E_PASSWORD,
  linkFrom,
  readOutbox,
  signInBrowser,
  signUpViaApi,
  uniqueEmail,
  verifyEmailViaApi,
} from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('vendor application: apply and see it pending', () => {
  const session = useBrowser();

  it('signs in first, checks the fields, submits, and shows the pending application on /vendor', async () => {
    const applicant = await signUpViaApi(session.baseUrl, { name: 'Usman', surname: 'Tariq' });
    await verifyEmailViaApi(session.baseUrl, applicant.email);
    const ownerEmail = uniqueEmail('owner');
    const { page } = session;

    // From the pricing page, a visitor is sent to apply, and signs in first.
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Premium' }).waitFor();
    await page.getByRole('link', { name: 'Choose plan' }).first().click();
    await page.waitForURL('**/auth?next=%2Fvendor-signup');
    await page.getByLabel('Email address').fill(applicant.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/vendor-signup');

    // SPEC.md defaults, and the owner prefilled from the account.
    const category = page.getByLabel('Business category');
    await category.waitFor();
    expect(await category.inputValue()).toBe('restaurant');
    expect(await page.getByLabel('City').inputValue()).toBe('Lahore');
    expect(await page.getByLabel('Owner name').inputValue()).toBe('Usman Tariq');
    await page.getByText(`The review result goes to your account address, ${applicant.email}.`).waitFor();

    // Required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Business name is required.').waitFor();
    await page.getByText('Address is required.').waitFor();
    await page.getByText('Phone number is required.').waitFor();

    await page.getByLabel('Business name').fill('Haveli Chai Spot');
    await category.selectOption({ label: 'Café' });
    await page.getByLabel('Business description').fill('Doodh patti and parathas by the old city walls.');
    await page.getByLabel('Address').fill('14 Fort Road');
    await page.getByLabel('City').selectOption('Karachi');
    await page.getByLabel('Area').fill('Saddar');
    await page.getByLabel('Phone').fill('+92 300 1112233');
    await page.getByLabel('Website').fill('not a website');
    await page.getByLabel('Owner email').fill(ownerEmail);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Please enter a website address, for example bilalkarahi.pk').waitFor();
    await page.getByLabel('Website').fill('https://haveli-chai.example.pk');
    await page.getByRole('button', { name: 'Submit Application' }).click();

    // The same address now says what happens next, under SPEC.md's confirmation.
    await page.getByRole('heading', { level: 1, name: 'What happens next' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vendor-signup');
    await page
      .getByText(
        'Vendor application submitted successfully! We will review your application and get back to you within 24-48 hours.',
      )
      .waitFor();

    // The application is pending on the vendor dashboard.
    await page.goto('/vendor');
    await page.getByText('Your application is pending review').waitFor();
    await page.getByText(/We received the application for Haveli Chai Spot on/).waitFor();

    const mine = await session.context.request.get('/api/vendor-applications/mine');
    expect(await mine.json()).toMatchObject({
      status: 'pending',
      businessName: 'Haveli Chai Spot',
      rejectionReason: null,
    });
    // The contact address typed into the form gets nothing: the applicant's account address does.
    expect(await readOutbox(session.baseUrl, ownerEmail, 'vendor_application')).toHaveLength(0);
    const emails = await readOutbox(session.baseUrl, applicant.email, 'vendor_application');
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('within 24-48 hours');

    // A second visit to the form says they have applied: what happens next, and where it stands.
    await page.goto('/vendor-signup');
    await page.getByRole('heading', { level: 1, name: 'What happens next' }).waitFor();
    await page.getByText(/We received the application for Haveli Chai Spot on/).waitFor();
    expect(await page.getByLabel('Business name').count()).toBe(0);
    expect(session.problems).toEqual([]);
  });

  it('an unverified account is told to verify before the form, and gets the form once it has', async () => {
    const applicant = await signUpViaApi(session.baseUrl, { name: 'Nadia', surname: 'Hussain' });
    await signInBrowser(session.context, applicant.email);
    const { page } = session;

    await page.goto('/vendor-signup');
    await page.getByText('First verify your e-mail address or mobile number').waitFor();
    await page.getByText(/Only an account with a verified e-mail address or mobile number can apply\./).waitFor();
    expect(await page.getByLabel('Business name').count()).toBe(0);

    // The API refuses it too, whatever a page shows.
    const refused = await session.context.request.post('/api/vendor-applications', {
      data: {
        business_name: 'Real Shop',
        business_category: 'bakery',
        address: '1 Mall Road',
        city: 'Lahore',
        area: 'Gulberg',
        phone: '+92 300 1112233',
        owner_name: 'Nadia Hussain',
        owner_email: applicant.email,
      },
    });
    expect(refused.status()).toBe(403);

    await page.getByRole('link', { name: 'Open my profile' }).click();
    await page.waitForURL('**/complete-profile');
    await page.getByText('Please confirm your e-mail address').waitFor();
    const [email] = await readOutbox(session.baseUrl, applicant.email, 'verification');
    await page.goto(linkFrom(email!, '/verify-email'));
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();

    await page.goto('/vendor-signup');
    await page.getByLabel('Business name').waitFor();
    expect(await page.getByText('First verify your e-mail address or mobile number').count()).toBe(0);
    expect(session.problems.filter((problem) => !problem.includes('403'))).toEqual([]);
  });
});
