import { serverText as t } from '@server/lib/texts';
import { renderLayout, type RenderedEmail } from './layout';

export function welcomeEmail(input: { name: string; dashboardUrl: string; unsubscribeUrl?: string }): RenderedEmail {
  return renderLayout({
    subject: t('emails:welcome.subject', { name: input.name }),
    heading: t('emails:welcome.heading', { name: input.name }),
    paragraphs: [t('emails:welcome.intro'), t('emails:welcome.browse')],
    action: { label: t('emails:welcome.action'), url: input.dashboardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

export function verificationEmail(input: { name: string; verifyUrl: string }): RenderedEmail {
  return renderLayout({
    subject: t('emails:verification.subject'),
    heading: t('emails:verification.heading'),
    paragraphs: [t('emails:verification.intro', { name: input.name }), t('emails:verification.expiry')],
    action: { label: t('emails:verification.action'), url: input.verifyUrl },
    footerNote: t('emails:verification.footer'),
  });
}

export function passwordResetEmail(input: { name: string; resetUrl: string }): RenderedEmail {
  return renderLayout({
    subject: t('emails:reset.subject'),
    heading: t('emails:reset.heading'),
    paragraphs: [t('emails:reset.intro', { name: input.name }), t('emails:reset.expiry')],
    action: { label: t('emails:reset.action'), url: input.resetUrl },
    footerNote: t('emails:reset.footer'),
  });
}

/** The last e-mail to a closed account's address, written before the address is deleted (close-account.ts). */
export function accountClosedEmail(input: { name: string }): RenderedEmail {
  return renderLayout({
    subject: t('emails:closed.subject'),
    heading: t('emails:closed.heading'),
    paragraphs: [t('emails:closed.intro', { name: input.name }), t('emails:closed.kept'), t('emails:closed.notYou')],
  });
}
