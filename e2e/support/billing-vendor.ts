import { adminCookie, signUpViaApi, verifyEmailViaApi } from './api';

/**
 * An approved vendor owner made through the real APIs: sign up, verify the address, apply (POST /api/vendor-applications),
 * and an admin approves (POST /api/admin/vendors/:id/approve). The vendor starts on starter, inactive.
 */
export async function createApprovedVendorOwner(baseUrl: string, businessName = 'Chai Khana Gulberg') {
  const owner = await signUpViaApi(baseUrl, { name: 'Bilal', surname: 'Ahmed' });
  await verifyEmailViaApi(baseUrl, owner.email);
  const applied = await fetch(`${baseUrl}/api/vendor-applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie },
    body: JSON.stringify({
      business_name: businessName,
      business_category: 'cafe',
      business_description: 'Doodh patti and parathas since 1998.',
      address: '12 Main Boulevard',
      city: 'Lahore',
      area: 'Gulberg',
      phone: '+92 300 1234567',
      whatsapp: '',
      website: '',
      owner_name: 'Bilal Ahmed',
      owner_email: owner.email,
    }),
  });
  if (applied.status !== 201) throw new Error(`vendor application failed: ${applied.status} ${await applied.text()}`);
  const { vendorId } = (await applied.json()) as { vendorId: string };
  const approved = await fetch(`${baseUrl}/api/admin/vendors/${vendorId}/approve`, {
    method: 'POST',
    headers: { cookie: await adminCookie(baseUrl) },
  });
  if (!approved.ok) throw new Error(`vendor approval failed: ${approved.status} ${await approved.text()}`);
  return { ...owner, vendorId, businessName };
}
