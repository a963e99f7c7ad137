import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function listOf(byPhone: Campaign['figures']['byPhone'], status: Campaign['status'] = 'sent'): CampaignList {
  return {
    campaigns: [
      {
        id: '7d3f8f9e-6a43-4e0e-9a8a-0c1c2d3e4f50',
        subject: 'Eid offer',
        message: 'Double stamps all week.',
        segment: 'all',
        lapsedDays: null,
        status,
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

/** The campaign's cell under the column of this header, found by the header's name rather than a position. */
function cellUnder(header: string): HTMLElement {
  const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
  const cells = within(screen.getByRole('row', { name: /Eid offer/ })).getAllByRole('cell');
  return cells[headers.indexOf(header)]!;
}
const linesOf = (cell: HTMLElement) =>
  within(cell)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const phoneCell = (header = 'WhatsApp and SMS') => cellUnder(header);

describe("a vendor's campaign list, narrow enough for a laptop without a sideways scroll", () => {
  afterEach(() => vi.useRealTimers());
  const byPhone = { whatsapp: delivery({ delivered: 1 }), sms: delivery() };

  it('folds the figures into a campaign, a status, a reach and a phone column, losing none', async () => {
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Campaign',
      'Status',
      'Reach',
      'Came back',
      'WhatsApp and SMS',
    ]);
    expect(cellUnder('Campaign').textContent).toBe('Eid offerTo: All customers');
    expect(within(cellUnder('Status')).getByText('Sent')).toBeTruthy();
    expect(within(cellUnder('Status')).getByText(/8 April 2026/)).toBeTruthy();
    expect(linesOf(cellUnder('Reach'))).toEqual(['4 recipients', '4 sent', '3 delivered', '1 opened the link']);
    expect(cellUnder('Came back').textContent).toBe('0');
  });

  it('offers a scheduled campaign its Cancel under its status, and a sent one none', async () => {
    // Only the page's clock is set: an hour before the campaign's time, so it can still be cancelled.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-08T06:00:00.000Z') });
    const shown = await renderScreen(<CampaignTable list={listOf(byPhone, 'scheduled')} onCancelled={() => {}} />);
    expect(within(cellUnder('Status')).getByText('Scheduled')).toBeTruthy();
    expect(within(cellUnder('Status')).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    shown.unmount();
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says the same in Urdu', async () => {
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />, { language: 'ur' });
    expect(linesOf(cellUnder('رسائی'))).toEqual(['4 وصول کنندگان', '4 بھیجی گئیں', '3 پہنچ گئیں', '1 نے لنک کھولا']);
  });
});

describe("a vendor's campaign results by WhatsApp and SMS (decision 081)", () => {
  it('shows each channel by the states its provider reported, leaving out those with none', async () => {
    const byPhone = { whatsapp: delivery({ delivered: 12, read: 30, failed: 2 }), sms: delivery({ sent: 5 }) };
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />);
    expect(screen.getByRole('columnheader', { name: 'WhatsApp and SMS' })).toBeTruthy();
    expect(linesOf(phoneCell())).toEqual(['WhatsApp: 12 delivered, 30 read, 2 failed', 'SMS: 5 sent']);
  });

  it('says none when the campaign went by e-mail and push only, in Urdu too', async () => {
    const byPhone = { whatsapp: delivery(), sms: delivery() };
    await renderScreen(<CampaignTable list={listOf(byPhone)} onCancelled={() => {}} />, { language: 'ur' });
    expect(phoneCell('واٹس ایپ اور ایس ایم ایس').textContent).toBe('کوئی نہیں');
  });
});
