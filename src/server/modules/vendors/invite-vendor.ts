import type { InviteVendorInput } from '@shared/vendors/admin-vendors';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import type { EmailService } from '@server/modules/notifications/email-service';
import { vendorInviteEmail } from '@server/modules/notifications/templates/vendor-invite-email';

/**
 * E-mails a business a link to the vendor application form, and records who invited whom: the
 * e-mail goes to the outbox with the audit row, so the admin never waits for the mail server.
 */
export async function inviteVendor(
  deps: { db: Database; email: EmailService; config: Config },
  input: InviteVendorInput,
  inviter: AuditActor & { name: string },
) {
  const email = input.email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    const outcome = await deps.email.enqueue(
      {
        type: 'vendor_invite',
        to: email,
        render: () =>
          vendorInviteEmail({
            name: input.name || null,
            message: input.message || null,
            signupUrl: `${deps.config.publicUrl}/vendor-signup`,
            inviterName: inviter.name,
          }),
      },
      { tx },
    );
    await recordAudit(tx, {
      actor: inviter,
      action: 'vendor.invite',
      targetType: 'email',
      targetId: email,
      metadata: { email, ...(input.name ? { name: input.name } : {}), outcome },
    });
    return { email, outcome };
  });
}
