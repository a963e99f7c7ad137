import { and, eq } from 'drizzle-orm';
import { BRAND } from '../../../shared/brand';
import type { SubscriptionPlan } from '../../../shared/plans';
import type { Database } from '../../db/client';
import { users, vendorMembers, vendors } from '../../db/schema';
import type { EmailService } from '../notifications/email-service';
import { renderLayout, type RenderedEmail } from '../notifications/templates/layout';
import type { PausedCard } from './pause-cards-outside-plan';
import { countOf } from '../../../shared/wording';

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
  const lockedTypes = [...new Set(input.pausedCards.filter((card) => card.reason === 'card_type').map((card) => card.cardTypeLabel))];
  return renderLayout({
    subject: `${countOf(count, 'loyalty card', 'loyalty cards')} paused after your ${BRAND.name} plan change`,
    heading: `Your plan is now ${input.toPlan.name}`,
    paragraphs: [
      `Hi ${input.ownerName}, the subscription of ${input.businessName} changed from ${input.fromPlan.name} to ${input.toPlan.name}.`,
      ...(byType.length > 0
        ? [`The ${input.toPlan.name} plan does not include ${lockedTypes.join(' or ')} cards, so we paused ${byType.join(', ')}.`]
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

/** Tells every owner of the vendor, after the change is committed; never throws. */
export async function notifyCardsPaused(
  db: Database,
  email: EmailService,
  publicUrl: string,
  change: { vendorId: string; fromPlan: SubscriptionPlan; toPlan: SubscriptionPlan; pausedCards: PausedCard[] },
): Promise<void> {
  if (change.pausedCards.length === 0) return;
  const owners = await db
    .select({ userId: users.id, email: users.email, name: users.name, businessName: vendors.businessName })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(and(eq(vendorMembers.vendorId, change.vendorId), eq(vendorMembers.role, 'owner')));
  for (const owner of owners) {
    await email.send({
      type: 'plan_change',
      to: owner.email,
      userId: owner.userId,
      render: () =>
        cardsPausedEmail({
          ownerName: owner.name || 'there',
          businessName: owner.businessName,
          fromPlan: change.fromPlan,
          toPlan: change.toPlan,
          pausedCards: change.pausedCards,
          billingUrl: `${publicUrl}/vendor/billing`,
        }),
    });
  }
}
