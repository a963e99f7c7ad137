import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { PlanId } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { sandboxCheckoutSessions } from '@server/db/schema';
import { deriveKey, sign } from '@server/lib/signing';

/** How long a hosted checkout page can be paid after it was created. */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired sessions are kept a week for support questions, then dropped. */
const EXPIRED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type CheckoutSession = typeof sandboxCheckoutSessions.$inferSelect;

/** Unguessable, like a hosted provider's session ids: whoever holds one can pay or cancel it. */
function newSessionId(): string {
  return `cs_test_${randomBytes(24).toString('base64url')}`;
}

export async function createCheckoutSession(
  db: Executor,
  input: {
    vendorId: string;
    planId: PlanId;
    successUrl: string;
    cancelUrl: string;
    creditAmount: number;
    creditPlanId: PlanId | null;
  },
  now: Date,
): Promise<CheckoutSession> {
  await db
    .delete(sandboxCheckoutSessions)
    .where(lt(sandboxCheckoutSessions.expiresAt, new Date(now.getTime() - EXPIRED_SESSION_RETENTION_MS)));
  const [session] = await db
    .insert(sandboxCheckoutSessions)
    .values({
      id: newSessionId(),
      ...input,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    })
    .returning();
  return session!;
}

/** The session if it exists and has not expired; a paid session stays readable until then. */
export async function findOpenCheckoutSession(
  db: Executor,
  sessionId: string,
  now: Date,
): Promise<CheckoutSession | null> {
  if (!/^cs_test_[A-Za-z0-9_-]{32}$/.test(sessionId)) return null;
  const [session] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), gt(sandboxCheckoutSessions.expiresAt, now)))
    .limit(1);
  return session ?? null;
}

export async function markCheckoutSessionPaid(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sandboxCheckoutSessions)
    .set({ paidAt: now })
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), isNull(sandboxCheckoutSessions.paidAt)));
}

/** Stable ids derived from the session, so paying one session twice is the same event. */
export function idsForSession(sessionId: string) {
  const digest = (label: string) => createHash('sha256').update(`${label}:${sessionId}`).digest('hex').slice(0, 24);
  return {
    eventId: `evt_${digest('event')}`,
    subscriptionId: `sub_${digest('subscription')}`,
    paymentId: `pay_${digest('payment')}`,
  };
}

/** The bearer key the app sends with sandbox API calls, so no one else can open sessions for a vendor. */
export function sandboxApiKey(secret: string, accountId: string): string {
  return `sk_sandbox_${sign(deriveKey(secret, 'sandbox-api'), accountId)}`;
}
