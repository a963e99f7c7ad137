import { and, eq } from 'drizzle-orm';
import type { SubscriptionPlan } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { users, vendorMembers, vendors } from '@server/db/schema';
import type { EmailService } from '@server/modules/notifications/email-service';
import { renderLayout, type RenderedEmail } from '@server/modules/notifications/templates/layout';
import type { PausedCard } from './pause-cards-outside-plan';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { serverText } from '@server/lib/texts';

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
    subject: serverText('emails:planPaused.subject', { count }),
    heading: serverText('emails:planPaused.heading', { plan: input.toPlan.name }),
    paragraphs: [
      serverText('emails:planPaused.intro', {
        name: input.ownerName,
        business: input.businessName,
        from: input.fromPlan.name,
        to: input.toPlan.name,
      }),
      ...(byType.length > 0
        ? [
            serverText('emails:planPaused.byType', {
              plan: input.toPlan.name,
              types: lockedTypes.join(' or '),
              cards: byType.join(', '),
            }),
          ]
        : []),
      ...(byLimit.length > 0
        ? [
            serverText('emails:planPaused.byLimit', {
              plan: input.toPlan.name,
              count: limit,
              newest: serverText('emails:planPaused.newest', { count: byLimit.length }),
              cards: byLimit.join(', '),
            }),
          ]
        : []),
      serverText('emails:planPaused.keep'),
    ],
    action: { label: serverText('emails:planPaused.action'), url: input.billingUrl },
  });
}

async function ownersOf(db: Executor, vendorId: string) {
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
  tx: Executor,
  email: EmailService,
  vendorId: string,
  render: (owner: Owner) => RenderedEmail,
): Promise<void> {
  for (const owner of await ownersOf(tx, vendorId)) {
    await email.enqueue(
      { type: 'plan_change', to: owner.email, userId: owner.userId, render: () => render(owner) },
      { tx },
    );
  }
}

/** Tells every owner of the vendor, in the transaction that made the change. */
export async function notifyCardsPaused(
  tx: Executor,
  email: EmailService,
  publicUrl: string,
  change: { vendorId: string; fromPlan: SubscriptionPlan; toPlan: SubscriptionPlan; pausedCards: PausedCard[] },
): Promise<void> {
  if (change.pausedCards.length === 0) return;
  await mailOwners(tx, email, change.vendorId, (owner) =>
    cardsPausedEmail({
      ownerName: owner.name || serverText('emails:greeting.fallbackName'),
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
  tx: Executor,
  email: EmailService,
  publicUrl: string,
  change: { vendorId: string; plan: SubscriptionPlan; endsAt: Date },
): Promise<void> {
  await mailOwners(tx, email, change.vendorId, (owner) =>
    renderLayout({
      subject: serverText('emails:planCancelled.subject', {
        plan: change.plan.name,
        date: formatLongDate(change.endsAt),
      }),
      heading: serverText('emails:planCancelled.heading'),
      paragraphs: [
        serverText('emails:planCancelled.intro', {
          name: owner.name || serverText('emails:greeting.fallbackName'),
          plan: change.plan.name,
          business: owner.businessName,
          date: formatLongDate(change.endsAt),
        }),
        serverText('emails:planCancelled.resume'),
      ],
      action: { label: serverText('emails:planCancelled.action'), url: `${publicUrl}/vendor/billing` },
    }),
  );
}

/** "Receipt CHK-000042": after a payment was recorded as paid. */
export async function notifyReceipt(
  tx: Executor,
  email: EmailService,
  publicUrl: string,
  payment: { vendorId: string; receiptNumber: string; planName: string; amount: number },
): Promise<void> {
  await mailOwners(tx, email, payment.vendorId, (owner) =>
    renderLayout({
      subject: serverText('emails:receipt.subject', {
        number: payment.receiptNumber,
        amount: formatPKR(payment.amount),
      }),
      heading: serverText('emails:receipt.heading', { number: payment.receiptNumber }),
      paragraphs: [
        serverText('emails:receipt.intro', {
          name: owner.name || serverText('emails:greeting.fallbackName'),
          amount: formatPKR(payment.amount),
          plan: payment.planName,
          business: owner.businessName,
        }),
        serverText('emails:receipt.where'),
      ],
      action: { label: serverText('emails:receipt.action'), url: `${publicUrl}/vendor/billing` },
    }),
  );
}
