import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { TextCostsTable } from './text-costs-table';

const COSTS = 'GET /api/admin/text-costs';

describe("the admin's WhatsApp and SMS costs (decision 081)", () => {
  it("lists each vendor's messages of the month with their cost in rupees, and asks again for another month", async () => {
    const calls = answerCalls({
      [COSTS]: {
        body: {
          month: '2026-06',
          vendors: [
            { vendorId: 'v1', vendorName: 'Butt Karahi', whatsapp: 3, sms: 2, smsParts: 4, costPaisa: 750 },
            { vendorId: null, vendorName: null, whatsapp: 1, sms: 0, smsParts: 0, costPaisa: 150 },
          ],
          totalPaisa: 900,
        },
      },
    });
    await renderScreen(<TextCostsTable />);
    expect(await screen.findByText('This month: Rs 9')).toBeTruthy();
    expect(screen.getByText('Butt Karahi')).toBeTruthy();
    expect(screen.getByText('2 (4 parts)')).toBeTruthy();
    // Whole rupees, as every amount in Chaska.
    expect(screen.getByText('Rs 8')).toBeTruthy();
    expect(screen.getByText('Codes and receipts (no vendor)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-05' } });
    await screen.findByText('This month: Rs 9');
    expect(calls.map((call) => call.call)).toEqual([COSTS, COSTS]);
  });

  it('says so when nothing was sent', async () => {
    answerCalls({ [COSTS]: { body: { month: '2026-06', vendors: [], totalPaisa: 0 } } });
    await renderScreen(<TextCostsTable />);
    expect(await screen.findByText('No WhatsApp message or SMS was sent this month.')).toBeTruthy();
  });
});
