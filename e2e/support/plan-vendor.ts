import type { PlanId } from '../../src/shared/billing/plans';
import { postJson } from './stamp-vendor';

/** Moves a vendor to a plan the way an owner does: checkout, then Pay on the sandbox provider's page. */
export async function payForPlan(baseUrl: string, ownerCookie: string, planId: PlanId): Promise<void> {
  const { url } = await postJson<{ url: string }>(baseUrl, '/api/billing/checkout', ownerCookie, { planId });
  const checkout = new URL(url, baseUrl);
  const paid = await fetch(new URL(`${checkout.pathname}/pay`, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: new URL(baseUrl).origin },
  });
  if (paid.status !== 303) throw new Error(`sandbox payment failed: ${paid.status} ${await paid.text()}`);
}
