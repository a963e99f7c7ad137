import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TextOutboxMessage } from '@shared/notifications/outbox';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { TextOutboxTable } from './text-outbox-table';

const message: TextOutboxMessage = {
  id: 'm1',
  to: '+923001234567',
  kind: 'vendor_message',
  channel: 'whatsapp',
  language: 'en',
  body: 'Butt Karahi: Eid offer',
  status: 'sent',
  error: null,
  replacedBy: null,
  templateMissingIn: null,
  createdAt: '2026-06-01T07:00:00.000Z',
  updatedAt: '2026-06-01T07:00:00.000Z',
};

describe("the admin's WhatsApp and SMS outbox", () => {
  it('says which message went in English because WhatsApp had no template in its language (decision 082)', async () => {
    answerCalls({
      'GET /api/admin/text-messages': {
        body: {
          messages: [message, { ...message, id: 'm2', templateMissingIn: 'ur-Latn' }],
          page: 1,
          pageSize: 25,
          total: 2,
        },
      },
    });
    await renderScreen(<TextOutboxTable />);
    const marked = await screen.findAllByText('sent in English: WhatsApp has no approved template in Roman Urdu');
    expect(marked).toHaveLength(1);
  });
});
