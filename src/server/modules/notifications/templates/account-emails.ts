import { BRAND } from '../../../../shared/brand';
import { renderLayout, type RenderedEmail } from './layout';

export function welcomeEmail(input: { name: string; dashboardUrl: string; unsubscribeUrl?: string }): RenderedEmail {
  return renderLayout({
    subject: `Welcome to ${BRAND.name}, ${input.name}!`,
    heading: `Welcome to ${BRAND.name}, ${input.name}!`,
    paragraphs: [
      'Collect stamps at your favourite restaurants, cafes, bakeries and sweet shops by scanning their QR code, and earn free rewards.',
      'Browse the vendors near you and add your first loyalty card today.',
    ],
    action: { label: 'Open my dashboard', url: input.dashboardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

export function verificationEmail(input: { name: string; verifyUrl: string }): RenderedEmail {
  return renderLayout({
    subject: `Confirm your e-mail address for ${BRAND.name}`,
    heading: 'Confirm your e-mail address',
    paragraphs: [`Hi ${input.name}, please confirm that this is your e-mail address.`, 'This link works once and expires in 24 hours.'],
    action: { label: 'Confirm my e-mail', url: input.verifyUrl },
    footerNote: 'If you did not create an account, you can ignore this e-mail.',
  });
}

export function passwordResetEmail(input: { name: string; resetUrl: string }): RenderedEmail {
  return renderLayout({
    subject: `Reset your ${BRAND.name} password`,
    heading: 'Reset your password',
    paragraphs: [`Hi ${input.name}, we received a request to reset your password.`, 'This link works once and expires in 1 hour.'],
    action: { label: 'Choose a new password', url: input.resetUrl },
    footerNote: 'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
  });
}
