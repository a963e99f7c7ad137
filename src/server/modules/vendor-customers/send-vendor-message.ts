import type { Config } from '@server/config';
import type { Executor } from '@server/db/client';
import type { EmailService, SendOutcome } from '@server/modules/notifications/email-service';
import { vendorMessageEmail } from '@server/modules/notifications/templates/vendor-message-email';

export interface VendorMessage {
  vendor: { businessName: string; slug: string };
  customer: { userId: string; email: string; name: string };
  subject: string;
  body: string;
}

/**
 * The one way a vendor's message reaches a customer: the vendor's own message from the customer
 * page and every automated one (decision 044). An e-mail of type vendor_message, so the customer's
 * vendor updates preference and one-click unsubscribe decide (the e-mail service). Given `tx`, it
 * is stored in the outbox in that transaction (a job's, so a job run twice sends once); without,
 * it is sent now. Rate limits are the callers' (a vendor's manual messages have theirs).
 */
export async function sendVendorMessage(
  deps: { email: EmailService; config: Pick<Config, 'publicUrl'> },
  message: VendorMessage,
  options: { tx?: Executor } = {},
): Promise<SendOutcome> {
  const { vendor, customer } = message;
  const input = {
    type: 'vendor_message' as const,
    to: customer.email,
    userId: customer.userId,
    render: ({ unsubscribeUrl }: { unsubscribeUrl?: string }) =>
      vendorMessageEmail({
        name: customer.name.split(' ')[0] || customer.name,
        vendorName: vendor.businessName,
        subject: message.subject,
        message: message.body,
        vendorUrl: `${deps.config.publicUrl}/vendors/${vendor.slug}`,
        unsubscribeUrl,
      }),
  };
  return options.tx ? deps.email.enqueue(input, { tx: options.tx }) : deps.email.send(input);
}
