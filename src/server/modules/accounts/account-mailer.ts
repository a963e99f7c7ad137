import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema';
import type { EmailService } from '@server/modules/notifications/email-service';
import {
  passwordResetEmail,
  verificationEmail,
  welcomeEmail,
} from '@server/modules/notifications/templates/account-emails';
import { createVerificationToken } from './email-verification';
import { serverText } from '@server/lib/texts';

export interface AccountMailer {
  afterSignUp(userId: string, now: Date): Promise<void>;
  sendWelcome(user: { id: string; email: string; name: string }): Promise<void>;
  sendVerification(userId: string, now: Date): Promise<void>;
  /** The link to the address a phone account adds (startAddingEmail), sent to that address. */
  sendAddedEmailLink(user: { id: string; name: string }, address: string, token: string): Promise<void>;
  /**
   * Sends the reset e-mail without the request waiting for it; inside `holdUntilAnswered` it
   * starts only once the answer is out, so a request for an address with an account takes as
   * long as one without (the answer must not tell them apart).
   */
  startPasswordReset(user: { id: string; email: string; name: string }, token: string): void;
  /** Runs `work`; the e-mails it starts wait until `release()` (called once the answer is sent). */
  holdUntilAnswered<T>(work: () => Promise<T>): Promise<{ result: T; release(): void }>;
  /** Resolves once every e-mail started in the background is stored (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The account e-mails, through the outbox like every e-mail (its permission rule, then the job
 * runner sends it): no request waits for the mail server.
 */
export function createAccountMailer(config: Config, db: Database, email: EmailService): AccountMailer {
  const inBackground = new Set<Promise<unknown>>();
  const heldSends = new AsyncLocalStorage<Array<() => Promise<unknown>>>();
  function inBackgroundNow(send: () => Promise<unknown>) {
    const sending = send();
    inBackground.add(sending);
    // email.enqueue never rejects (the outbox's job sends and retries); were that to change, the
    // rejection would reach process-faults.ts and be logged there.
    void sending.finally(() => inBackground.delete(sending));
  }

  const mailer: AccountMailer = {
    async afterSignUp(userId, now) {
      await mailer.sendVerification(userId, now);
    },
    async sendWelcome(user) {
      await email.enqueue({
        type: 'welcome',
        to: user.email,
        userId: user.id,
        render: ({ unsubscribeUrl }) =>
          welcomeEmail({
            name: user.name || serverText('emails:greeting.fallbackName'),
            dashboardUrl: `${config.publicUrl}/user`,
            unsubscribeUrl,
          }),
      });
    },
    async sendVerification(userId, now) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user || user.verified) return;
      // The link and its e-mail in one transaction: a link nobody was told of is never kept.
      await db.transaction(async (tx) => {
        const token = await createVerificationToken(tx, userId, now);
        await email.enqueue(
          {
            type: 'verification',
            to: user.email,
            userId,
            render: () =>
              verificationEmail({ name: user.name, verifyUrl: `${config.publicUrl}/verify-email?token=${token}` }),
          },
          { tx },
        );
      });
    },
    async sendAddedEmailLink(user, address, token) {
      await email.enqueue({
        type: 'verification',
        to: address,
        userId: user.id,
        render: () =>
          verificationEmail({
            name: user.name || serverText('emails:greeting.fallbackName'),
            verifyUrl: `${config.publicUrl}/verify-email?token=${token}`,
          }),
      });
    },
    startPasswordReset(user, token) {
      // email.enqueue never throws: the outbox's job sends it, and retries a failed send.
      const send = () =>
        email.enqueue({
          type: 'password_reset',
          to: user.email,
          userId: user.id,
          render: () =>
            passwordResetEmail({
              name: user.name || serverText('emails:greeting.fallbackName'),
              resetUrl: `${config.publicUrl}/reset-password?token=${token}`,
            }),
        });
      const held = heldSends.getStore();
      if (held) held.push(send);
      else inBackgroundNow(send);
    },
    async holdUntilAnswered(work) {
      const held: Array<() => Promise<unknown>> = [];
      const result = await heldSends.run(held, work);
      return { result, release: () => held.splice(0).forEach(inBackgroundNow) };
    },
    async idle() {
      await Promise.allSettled([...inBackground]);
    },
  };
  return mailer;
}
