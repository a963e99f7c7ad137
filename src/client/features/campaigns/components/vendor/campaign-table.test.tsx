import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignList } from '@shared/campaigns/campaigns';
import { renderScreen } from '@client/test/render-screen';
import { CampaignTable } from './campaign-table';

const delivery = (counts: Partial<Campaign['figures']['byPhone']['sms']> = {}) => ({
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  ...counts,
});

function listOf(byPhone: Campaign['figures']['byPhone']): CampaignList {
  return {
    campaigns: [
      {
        id: '7d3f8f9e-6a43-4e0e-9a8a-0c1c2d3e4f50',
        subject: 'Eid offer',
        message: 'Double stamps all week.',
        segment: 'all',
        lapsedDays: null,
        status: 'sent',
        sendAt: '2026-04-08T07:00:00.000Z',
        createdAt: '2026-04-08T07:00:00.000Z',
        startedAt: '2026-04-08T07:00:00.000Z',
        finishedAt: '2026-04-08T07:00:05.000Z',
        holdOutPercent: 0,
        figures: {
          recipients: 4,
          heldOut: 0,
          sent: 4,
          skipped: 0,
          delivered: 3,
          opened: 1,
          cameBack: 0,
          byPhone,
          lift: null,
        },
      },
    ],
    usage: { used: 1, limit: 4 },
    lockedMessage: null,
    averageSpendRupees: null,
  };
}

const phoneCell = () => within(screen.getByRole('row', { name: /Eid offer/ })).getAllByRole('cell')[9]!;

describe("a vendor's campaign results by WhatsApp and SMS (decision 081)", () => {
  it('shows each channel by the states its provider reported, leaving out those with none', async () => {
    const byPhone = { whatsapp: delivery({ delivered: 12, read: 30, failed: 2 }), sms: delivery({ sent: 5 }) };
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />);
    expect(screen.getByRole('columnheader', { name: 'WhatsApp and SMS' })).toBeTruthy();
    expect(
      within(phoneCell())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['WhatsApp: 12 delivered, 30 read, 2 failed', 'SMS: 5 sent']);
  });

  it('says none when the campaign went by e-mail and push only, in Urdu too', async () => {
    const byPhone = { whatsapp: delivery(), sms: delivery() };
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />, { language: 'ur' });
    expect(phoneCell().textContent).toBe('کوئی نہیں');
  });
});
