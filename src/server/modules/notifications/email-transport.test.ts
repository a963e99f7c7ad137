import { describe, expect, it } from 'vitest';
import { createOutboxTransport, linksIn } from './email-transport';

describe('the outbox transport (no SMTP_URL)', () => {
  it('writes recipient, subject and links to the log, so a fresh install can verify its first admin', async () => {
    const lines: Array<{ fields: unknown; message: string }> = [];
    const transport = createOutboxTransport({ info: (fields, message) => lines.push({ fields, message }) });
    await transport.deliver({
      from: 'Chaska <no-reply@chaska.pk>',
      to: 'owner@example.pk',
      subject: 'Confirm your e-mail address',
      html: '<p>hidden</p>',
      text: 'Hello,\nconfirm here: http://localhost:3000/verify-email?token=abc_123\nThanks',
      headers: {},
    });
    expect(lines).toEqual([
      {
        fields: {
          email: {
            to: 'owner@example.pk',
            subject: 'Confirm your e-mail address',
            links: ['http://localhost:3000/verify-email?token=abc_123'],
          },
        },
        message: 'E-mail kept in the outbox (SMTP_URL is not set)',
      },
    ]);
  });

  it('finds each link once', () => {
    expect(linksIn('a https://x.pk/a b https://x.pk/a <https://x.pk/b>')).toEqual(['https://x.pk/a', 'https://x.pk/b']);
  });
});
