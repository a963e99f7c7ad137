import { and, desc, eq, isNotNull } from 'drizzle-orm';
import {
  BONUS_AUTOMATIONS,
  fillAutomationText,
  type AutomationBonusOutcome,
  type AutomationTextValues,
  type AutomationKind,
} from '@shared/campaigns/automations';
import { heldOutByKey } from '@shared/campaigns/hold-out';
import type { Config } from '@server/config';
import type { EmailService } from '@server/modules/notifications/email-service';
import type { Database, Executor } from '@server/db/client';
import { automationSends, loyaltyCards, userCards, users, vendors } from '@server/db/schema';
import { giveBonusStamp } from '@server/modules/stamps/bonus-stamps';
import { sendVendorMessage } from '@server/modules/customers/send-vendor-message';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { inTextLanguage, serverText } from '@server/lib/texts';
import { recipientLanguage } from '@server/modules/notifications/recipient-language';
import { activeAutomation } from './automation-settings';

export interface AutomationSend {
  kind: AutomationKind;
  vendorId: string;
  userId: string;
  /** What makes it once: the card joined, the stamp, the birthday's year, the lapse's last visit. */
  occasion: string;
  /** The card a bonus stamp goes on (welcome: the card joined); birthday picks the customer's own. */
  cardId?: string;
  /** One to go: the card and what is left to its reward, in stamps or (`points`) in points. */
  oneToGo?: { cardId: string; left: number; points: boolean };
}

/** The send's unique key: at most one row, one message and one bonus per key, however often a job runs. */
export function automationSendKey(send: Pick<AutomationSend, 'kind' | 'vendorId' | 'userId' | 'occasion'>): string {
  return `${send.kind}:${send.vendorId}:${send.userId}:${send.occasion}`;
}

export type AutomationSendResult = 'sent' | 'held_out' | 'already_sent' | 'off';

/** The card a birthday's bonus goes on: the customer's active card of the vendor they stamped last. */
async function birthdayCard(tx: Executor, vendorId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ cardId: userCards.cardId })
    .from(userCards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .where(
      and(
        eq(userCards.userId, userId),
        eq(loyaltyCards.vendorId, vendorId),
        eq(userCards.status, 'active'),
        eq(loyaltyCards.status, 'active'),
      ),
    )
    .orderBy(desc(isNotNull(userCards.lastStampAt)), desc(userCards.lastStampAt), desc(userCards.createdAt))
    .limit(1);
  return row?.cardId ?? null;
}

/**
 * One to go's `{left}` and `{reward}` (decision 085): "1 stamp" and the reward on a stamp card,
 * "20 points" and the reward with its price in points on a points card, in the customer's language.
 */
async function oneToGoValues(
  tx: Executor,
  oneToGo: NonNullable<AutomationSend['oneToGo']>,
  customer: { userId: string; email: string },
): Promise<Pick<AutomationTextValues, 'left' | 'reward'>> {
  const [card] = await tx
    .select({ rewardTitle: loyaltyCards.rewardTitle, price: loyaltyCards.stampsRequired })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.id, oneToGo.cardId))
    .limit(1);
  const language = await recipientLanguage(tx, customer.userId, customer.email);
  return inTextLanguage(language, () => ({
    left: serverText(oneToGo.points ? 'automations:left.points' : 'automations:left.stamps', {
      count: oneToGo.left,
    }),
    reward:
      oneToGo.points && card
        ? serverText('automations:rewardPriced', { reward: card.rewardTitle, price: card.price })
        : (card?.rewardTitle ?? ''),
  }));
}

/**
 * One automated send, inside the caller's transaction (a job's): the vendor's automation is on
 * and its plan in force has automations, the vendor is approved and open; the send's row is
 * written first under its unique key (a second run finds it and does nothing); the message goes
 * through sendVendorMessage into the outbox in the same transaction (preferences and unsubscribe
 * decide there), unless the send falls in the automation's hold-out group; a bonus stamp, when asked, through the stamp engine's giveBonusStamp under the
 * monthly limit, and the row says whether it was given or refused and why.
 */
export async function sendAutomation(
  deps: { db: Database; email: EmailService; config: Pick<Config, 'publicUrl'> },
  tx: Executor,
  send: AutomationSend,
  now: Date,
): Promise<AutomationSendResult> {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, send.vendorId)).limit(1);
  if (!vendor || vendor.status !== 'approved' || vendor.closedAt || !planLimitsForVendor(vendor).automations)
    return 'off';
  const automation = await activeAutomation(tx, send.vendorId, send.kind);
  if (!automation) return 'off';
  const [customer] = await tx
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, send.userId))
    .limit(1);
  if (!customer) return 'off';

  const values = {
    name: customer.name.split(' ')[0] || customer.name,
    vendor: vendor.businessName,
    ...(send.oneToGo ? await oneToGoValues(tx, send.oneToGo, customer) : {}),
  };
  const subject = fillAutomationText(automation.subject, values);
  const uniqueKey = automationSendKey(send);
  // The hold-out group (decision 083): decided by the send's key, so a job run twice decides the
  // same; a held-back send is recorded and sends nothing, on any channel, and gives no bonus stamp.
  const heldOut = heldOutByKey(uniqueKey, automation.holdOutPercent);
  const [row] = await tx
    .insert(automationSends)
    .values({
      uniqueKey,
      vendorId: send.vendorId,
      userId: send.userId,
      kind: send.kind,
      subject,
      messageOutcome: heldOut ? 'held_out' : 'queued',
      holdOutPercent: automation.holdOutPercent,
      sentAt: now,
    })
    .onConflictDoNothing({ target: automationSends.uniqueKey })
    .returning({ id: automationSends.id });
  if (!row) return 'already_sent';
  if (heldOut) return 'held_out';

  const outcome = await sendVendorMessage(
    deps,
    {
      vendor: { id: vendor.id, businessName: vendor.businessName, slug: vendor.slug },
      customer,
      subject,
      message: fillAutomationText(automation.body, values),
      // The send's own key: a job run twice finds its row above, and never pushes twice either.
      key: `automation:${uniqueKey}`,
    },
    now,
    { tx },
  );
  let bonusOutcome: AutomationBonusOutcome = 'none';
  let bonusStampId: string | null = null;
  if (automation.bonusStamp && BONUS_AUTOMATIONS.includes(send.kind)) {
    const cardId = send.cardId ?? (await birthdayCard(tx, send.vendorId, send.userId));
    const bonus = cardId
      ? await giveBonusStamp(tx, {
          customerUserId: send.userId,
          cardId,
          ref: `automation:${row.id}`,
          now,
          kind: 'automation_bonus',
        })
      : ({ refused: 'card' } as const);
    if ('given' in bonus) {
      bonusOutcome = 'given';
      bonusStampId = bonus.given.stamp.id;
    } else bonusOutcome = bonus.refused === 'plan_limit' ? 'refused_plan_limit' : 'refused_card';
  }
  await tx
    .update(automationSends)
    .set({
      messageOutcome:
        outcome === 'skipped' || outcome === 'capped' ? 'skipped' : outcome === 'failed' ? 'failed' : 'queued',
      bonusOutcome,
      bonusStampId,
    })
    .where(eq(automationSends.id, row.id));
  return 'sent';
}
