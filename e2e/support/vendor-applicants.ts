import type { BrowserContext } from 'playwright-core';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './accounts';
import { signInBrowser, signUpViaApi, verifyEmailViaApi } from './api';
import { e2eServer } from './server';

/** A pending vendor application made through the real API: a new account verifies its address and applies. */
export async function applyAsVendor(
  baseUrl: string,
  input: { businessName: string; city?: string; category?: string },
) {
  const owner = await signUpViaApi(baseUrl, { name: 'Saima', surname: 'Butt' });
  await verifyEmailViaApi(baseUrl, owner.email);
  const response = await fetch(`${baseUrl}/api/vendor-applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie },
    body: JSON.stringify({
      business_name: input.businessName,
      business_category: input.category ?? 'restaurant',
      business_description: 'Charcoal grills and fresh naan every evening.',
      address: '7 Circular Road',
      city: input.city ?? 'Lahore',
      area: 'Anarkali',
      phone: '+92 321 4567890',
      owner_name: 'Saima Butt',
      owner_email: owner.email,
    }),
  });
  if (response.status !== 201)
    throw new Error(`vendor application failed: ${response.status} ${await response.text()}`);
  const { vendorId, slug } = (await response.json()) as { vendorId: string; slug: string };
  return { owner, vendorId, slug, businessName: input.businessName };
}

/** Signs a browser context in as the end-to-end admin (ADMIN_EMAILS, verified, two-factor on). */
export async function signInBrowserAsAdmin(context: BrowserContext): Promise<void> {
  await signInBrowser(context, E2E_ADMIN_EMAIL, E2E_PASSWORD, e2eServer().adminOtpauthUri);
}
