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

/** Without SMTP the message is kept in the database outbox (email_messages), which admins read. */
export function createOutboxTransport(): EmailTransport {
  return {
    name: 'outbox',
    async deliver() {},
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
