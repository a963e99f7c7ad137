import { and, eq } from 'drizzle-orm';
import { BRAND } from '@shared/brand';
import type { SubscriptionPlan } from '@shared/plans';
import type { Database } from '@server/db/client';
import { users, vendorMembers, vendors } from '@server/db/schema';
import type { EmailService } from '@server/modules/notifications/email-service';
import { renderLayout, type RenderedEmail } from '@server/modules/notifications/templates/layout';
import type { PausedCard } from './pause-cards-outside-plan';
import { countOf } from '@shared/wording';
import { formatPKR } from '@shared/money';
import { formatLongDate } from '@shared/pakistan-time';

export function cardsPausedEmail(input: {
  ownerName: string;
  businessName: string;
  fromPlan: SubscriptionPlan;
  toPlan: SubscriptionPlan;
  pausedCards: PausedCard[];
  billingUrl: string;
}): RenderedEmail {
  const count = input.pausedCards.length;
  const limit = input.toPlan.limits.maxCards;
  const names = (reason: PausedCard['reason']) =>
    input.pausedCards.filter((card) => card.reason === reason).map((card) => card.name);
  const byType = names('card_type');
  const byLimit = names('card_limit');
  const lockedTypes = [
    ...new Set(input.pausedCards.filter((card) => card.reason === 'card_type').map((card) => card.cardTypeLabel)),
  ];
  return renderLayout({
    subject: `${countOf(count, 'loyalty card', 'loyalty cards')} paused after your ${BRAND.name} plan change`,
    heading: `Your plan is now ${input.toPlan.name}`,
    paragraphs: [
      `Hi ${input.ownerName}, the subscription of ${input.businessName} changed from ${input.fromPlan.name} to ${input.toPlan.name}.`,
      ...(byType.length > 0
        ? [
            `The ${input.toPlan.name} plan does not include ${lockedTypes.join(' or ')} cards, so we paused ${byType.join(', ')}.`,
          ]
        : []),
      ...(byLimit.length > 0
        ? [
            `The ${input.toPlan.name} plan allows ${countOf(limit, 'active card', 'active cards')}, so we paused the newest ${byLimit.length === 1 ? 'card' : countOf(byLimit.length, 'card', 'cards')}: ${byLimit.join(', ')}.`,
          ]
        : []),
      'Customers keep their stamps on paused cards. Upgrade your plan to activate them again.',
    ],
    action: { label: 'Open billing', url: input.billingUrl },
  });
}

async function ownersOf(db: Database, vendorId: string) {
  return db
    .select({ userId: users.id, email: users.email, name: users.name, businessName: vendors.businessName })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.role, 'owner')));
}

type Owner = Awaited<ReturnType<typeof ownersOf>>[number];

/** One e-mail per owner of the vendor, into the outbox (plan_change: always sent, like security mail). */
async function mailOwners(
  db: Database,
  email: EmailService,
  vendorId: string,
  render: (owner: Owner) => RenderedEmail,
): Promise<void> {
  for (const owner of await ownersOf(db, vendorId)) {
    await email.send({ type: 'plan_change', to: owner.email, userId: owner.userId, render: () => render(owner) });
  }
}

/** Tells every owner of the vendor, after the change is committed; never throws. */
export async function notifyCardsPaused(
  db: Database,
  email: EmailService,
  publicUrl: string,
  change: { vendorId: string; fromPlan: SubscriptionPlan; toPlan: SubscriptionPlan; pausedCards: PausedCard[] },
): Promise<void> {
  if (change.pausedCards.length === 0) return;
  await mailOwners(db, email, change.vendorId, (owner) =>
    cardsPausedEmail({
      ownerName: owner.name || 'there',
      businessName: owner.businessName,
      fromPlan: change.fromPlan,
      toPlan: change.toPlan,
      pausedCards: change.pausedCards,
      billingUrl: `${publicUrl}/vendor/billing`,
    }),
  );
}

/** "Your Premium plan ends on …": after the provider confirmed the cancellation. */
export async function notifyCancellationScheduled(
  db: Database,
  email: EmailService,
  publicUrl: string,
  change: { vendorId: string; plan: SubscriptionPlan; endsAt: Date },
): Promise<void> {
  await mailOwners(db, email, change.vendorId, (owner) =>
    renderLayout({
      subject: `Your ${BRAND.name} ${change.plan.name} plan ends on ${formatLongDate(change.endsAt)}`,
      heading: 'Your subscription is cancelled',
      paragraphs: [
        `Hi ${owner.name || 'there'}, the ${change.plan.name} subscription of ${owner.businessName} will not renew. You keep ${change.plan.name} until ${formatLongDate(change.endsAt)}; after that your account is held to the Starter limits and no further payment is taken.`,
        'Changed your mind? Resume the subscription on the billing page before then.',
      ],
      action: { label: 'Open billing', url: `${publicUrl}/vendor/billing` },
    }),
  );
}

/** "Receipt CHK-000042": after a payment was recorded as paid. */
export async function notifyReceipt(
  db: Database,
  email: EmailService,
  publicUrl: string,
  payment: { vendorId: string; receiptNumber: string; planName: string; amount: number },
): Promise<void> {
  await mailOwners(db, email, payment.vendorId, (owner) =>
    renderLayout({
      subject: `${BRAND.name} receipt ${payment.receiptNumber}: ${formatPKR(payment.amount)}`,
      heading: `Receipt ${payment.receiptNumber}`,
      paragraphs: [
        `Hi ${owner.name || 'there'}, we received ${formatPKR(payment.amount)} for the ${payment.planName} plan of ${owner.businessName}. Thank you!`,
        'The receipt (PDF) is on the billing page under Payment History.',
      ],
      action: { label: 'Open billing', url: `${publicUrl}/vendor/billing` },
    }),
  );
}
