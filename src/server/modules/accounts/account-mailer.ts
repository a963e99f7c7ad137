import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { EmailService } from '../notifications/email-service';
import { passwordResetEmail, verificationEmail, welcomeEmail } from '../notifications/templates/account-emails';
import type { Auth } from './auth';
import { createVerificationToken } from './email-verification';

export interface AccountMailer {
  afterSignUp(userId: string): Promise<void>;
  sendWelcome(user: { id: string; email: string; name: string }): Promise<void>;
  sendVerification(userId: string): Promise<void>;
  sendPasswordReset(user: { id: string; email: string; name: string }, token: string): Promise<void>;
}

/** The account e-mails; every send goes through the e-mail service and its permission rule. */
export function createAccountMailer(config: Config, db: Database, email: EmailService, getAuth: () => Auth): AccountMailer {
  const mailer: AccountMailer = {
    async afterSignUp(userId) {
      await mailer.sendVerification(userId);
    },
    async sendWelcome(user) {
      await email.send({
        type: 'welcome',
        to: user.email,
        userId: user.id,
        render: ({ unsubscribeUrl }) => welcomeEmail({ name: user.name || 'there', dashboardUrl: `${config.publicUrl}/user`, unsubscribeUrl }),
      });
    },
    async sendVerification(userId) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user || user.verified) return;
      const token = await createVerificationToken(getAuth(), userId);
      await email.send({
        type: 'verification',
        to: user.email,
        userId,
        render: () => verificationEmail({ name: user.name, verifyUrl: `${config.publicUrl}/verify-email?token=${token}` }),
      });
    },
    async sendPasswordReset(user, token) {
      await email.send({
        type: 'password_reset',
        to: user.email,
        userId: user.id,
        render: () => passwordResetEmail({ name: user.name || 'there', resetUrl: `${config.publicUrl}/reset-password?token=${token}` }),
      });
    },
  };
  return mailer;
}
