import { randomBytes } from 'node:crypto';
import { approveVendor, signUpViaApi, uniqueEmail, verifyEmailViaApi } from './api';

export const REWARD_VALUE = 1350;

export async function postJson<T>(baseUrl: string, path: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A real vendor: signs up, verifies its address, applies, is approved by the admin and creates a 3-stamp card. */
export async function openVendor(baseUrl: string) {
  const businessName = `Lahori Chai Dhaba ${randomBytes(2).toString('hex')}`;
  const owner = await signUpViaApi(baseUrl, { email: uniqueEmail('owner'), name: 'Usman' });
  await verifyEmailViaApi(baseUrl, owner.email);
  const application = await postJson<{ vendorId: string }>(baseUrl, '/api/vendor-applications', owner.cookie, {
    business_name: businessName,
    business_category: 'cafe',
    business_description: '',
    address: '7 Food Street',
    city: 'Lahore',
    area: 'Gawalmandi',
    phone: '+92 300 1234567',
    whatsapp: '',
    website: '',
    owner_name: 'Usman Tariq',
    owner_email: owner.email,
  });
  await approveVendor(baseUrl, application.vendorId);
  const card = await postJson<{ id: string }>(baseUrl, '/api/vendor/cards', owner.cookie, {
    card: {
      name: 'Doodh Patti Club',
      cardType: 'free',
      stampsRequired: 3,
      rewardTitle: 'Free Karak Chai',
      rewardValue: REWARD_VALUE,
      minStampIntervalMinutes: 0,
    },
    saveAs: 'active',
  });
  const counterCode = async () =>
    (
      await postJson<{ code: { typedCode: string } }>(
        baseUrl,
        `/api/vendor/cards/${card.id}/counter-code`,
        owner.cookie,
      )
    ).code.typedCode;
  return { owner, businessName, cardId: card.id, counterCode };
}

/**
 * The customer collects `times` stamps by typing the vendor's counter codes (through the API), as
 * journeys that need a card part-filled or complete do; answers the reward earned, if one was.
 */
export async function collectAtCounter(
  baseUrl: string,
  vendor: { counterCode: () => Promise<string> },
  customerCookie: string,
  times: number,
): Promise<{ rewardId: string | null }> {
  let rewardId: string | null = null;
  for (let stamp = 0; stamp < times; stamp += 1) {
    const collected = await postJson<{ reward: { id: string } | null }>(
      baseUrl,
      '/api/stamps/collect',
      customerCookie,
      {
        code: await vendor.counterCode(),
      },
    );
    rewardId = collected.reward?.id ?? rewardId;
  }
  return { rewardId };
}
