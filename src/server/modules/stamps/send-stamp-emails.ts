import type { FastifyBaseLogger } from 'fastify';
import type { EmailService } from '@server/modules/notifications/email-service';
import { rewardEarnedEmail, stampCollectedEmail } from '@server/modules/notifications/templates/stamp-emails';
import type { StampOutcome } from './stamp-card';

/**
 * After the stamp's transaction committed: the "reward earned" e-mail when the stamp completed
 * the card, otherwise "stamp collected". The customer's preferences gate both (in the e-mail
 * service). Not awaited by the request, so a slow mail server never slows the counter.
 */
export function sendStampEmails(
  email: EmailService,
  publicUrl: string,
  customerUserId: string,
  outcome: StampOutcome,
  log: FastifyBaseLogger,
): Promise<void> {
  const { customer, userCard, reward } = outcome;
  const send = reward
    ? email.send({
        type: 'reward',
        to: customer.email,
        userId: customerUserId,
        render: ({ unsubscribeUrl }) =>
          rewardEarnedEmail({
            name: customer.name,
            vendorName: userCard.vendorName,
            cardName: userCard.cardName,
            rewardTitle: reward.rewardTitle,
            rewardValue: reward.rewardValue,
            rewardUrl: `${publicUrl}/user/rewards/${reward.id}`,
            unsubscribeUrl,
          }),
      })
    : email.send({
        type: 'stamp',
        to: customer.email,
        userId: customerUserId,
        render: ({ unsubscribeUrl }) =>
          stampCollectedEmail({
            name: customer.name,
            vendorName: userCard.vendorName,
            cardName: userCard.cardName,
            stampsCollected: userCard.stampsCollected,
            stampsRequired: userCard.stampsRequired,
            rewardTitle: userCard.rewardTitle,
            dashboardUrl: `${publicUrl}/user`,
            unsubscribeUrl,
          }),
      });
  // email.send never throws; the catch guards against a bug in rendering all the same.
  return send.then(
    () => undefined,
    (error: unknown) =>
      log.error({ err: error }, reward ? 'Failed to send reward notification' : 'Failed to send stamp notification'),
  );
}
