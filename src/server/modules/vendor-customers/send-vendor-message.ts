import { randomUUID } from 'node:crypto';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import type { EmailService, SendOutcome } from '@server/modules/notifications/email-service';
import { vendorMessageEmail } from '@server/modules/notifications/templates/vendor-message-email';
import { enqueuePush } from '@server/modules/push/push-job';

export interface VendorMessage {
  vendor: { id: string; businessName: string; slug: string };
  customer: { userId: string; email: string; name: string };
  subject: string;
  message: string;
  /** Where the e-mail's link leads: the vendor's page, or a campaign's tracked link to it. */
  vendorUrl?: string;
  /**
   * Names this message for idempotence (a campaign's id and the customer, an automation's
   * trigger): the same key never pushes twice. A new one for each call when left out.
   */
  key?: string;
}

/**
 * The one way a vendor's message reaches a customer, whoever sends it (the vendor by hand, an
 * automation, a campaign): by e-mail and by push (decision 043), both under the customer's
 * "vendor updates" preferences (canSendEmail in the e-mail service, canSendPush in the push job).
 * The push always goes through the job runner. Given `tx`, the e-mail is stored in the outbox and
 * the push enqueued in that transaction (what a background sender does); without it the e-mail
 * is attempted at once, as a vendor writing by hand expects, and the push is enqueued on its own.
 * Rate limits and the audit are the caller's: they differ between a vendor and a campaign.
 */
export async function sendVendorMessage(
  deps: { db: Database; email: EmailService; config: Pick<Config, 'publicUrl'> },
  input: VendorMessage,
  now: Date,
  options: { tx?: Executor; onStored?: (messageId: string) => void } = {},
): Promise<SendOutcome> {
  const { vendor, customer } = input;
  const email = {
    type: 'vendor_message' as const,
    to: customer.email,
    userId: customer.userId,
    render: ({ unsubscribeUrl }: { unsubscribeUrl?: string }) =>
      vendorMessageEmail({
        name: customer.name.split(' ')[0] || customer.name,
        vendorName: vendor.businessName,
        subject: input.subject,
        message: input.message,
        vendorUrl: input.vendorUrl ?? `${deps.config.publicUrl}/vendors/${vendor.slug}`,
        unsubscribeUrl,
      }),
  };
  const push = (tx: Executor) =>
    enqueuePush(
      tx,
      customer.userId,
      {
        type: 'vendor_message',
        vendorName: vendor.businessName,
        vendorSlug: vendor.slug,
        subject: input.subject,
        message: input.message,
      },
      `vendor-message:${vendor.id}:${input.key ?? randomUUID()}`,
      now,
    );
  if (options.tx) {
    const outcome = await deps.email.enqueue(email, { tx: options.tx, onStored: options.onStored });
    await push(options.tx);
    return outcome;
  }
  await push(deps.db);
  return deps.email.send(email);
}
