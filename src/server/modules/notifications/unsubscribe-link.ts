import { deriveKey, sign, verifySignature } from '@server/lib/signing';

const PURPOSE = 'unsubscribe';

/** A signed one-click link that works signed out: it names the user and cannot be forged. */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  const signature = sign(deriveKey(secret, PURPOSE), userId);
  return `${publicUrl}/unsubscribe?u=${encodeURIComponent(userId)}&t=${signature}`;
}

export function verifyUnsubscribeToken(secret: string, userId: string, signature: string): boolean {
  return verifySignature(deriveKey(secret, PURPOSE), userId, signature);
}

/** RFC 2369 and RFC 8058: mail clients show an "Unsubscribe" button that POSTs to the link. */
export function unsubscribeHeaders(link: string | undefined): Record<string, string> {
  return link ? { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
}
