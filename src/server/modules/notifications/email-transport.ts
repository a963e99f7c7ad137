import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface EmailTransport {
  name: 'smtp' | 'outbox';
  deliver(email: OutgoingEmail): Promise<void>;
  /** A real check for system health. */
  verify(): Promise<boolean>;
}

/** The addresses in an e-mail's text (verification, reset and unsubscribe links...). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/**
 * Without SMTP the message is kept in the database outbox (email_messages), which admins read,
 * and written to the server log: on a fresh install the first admin reads their verification
 * link there, before anyone can open the outbox.
 */
export function createOutboxTransport(logger: { info(fields: object, message: string): void }): EmailTransport {
  return {
    name: 'outbox',
    async deliver(email) {
      logger.info(
        { email: { to: email.to, subject: email.subject, links: linksIn(email.text) } },
        'E-mail kept in the outbox (SMTP_URL is not set)',
      );
    },
    async verify() {
      return true;
    },
  };
}

export function createSmtpTransport(url: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(email) {
      await transporter.sendMail(email);
    },
    async verify() {
      try {
        await transporter.verify();
        return true;
      } catch {
        return false;
      }
    },
  };
}
