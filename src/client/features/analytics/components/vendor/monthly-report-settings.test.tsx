import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, renderScreen } from '@client/test/render-screen';
// The vendor area's texts, as its layout registers them.
import '@client/lib/vendor-texts';
import { MonthlyReportChoice, MonthlyReportSettings } from './monthly-report-settings';

const PATH = '/api/vendor/analytics/monthly-report';

describe('the monthly report’s channel on the vendor’s settings (decision 090)', () => {
  it('shows the owner’s choice and saves another', async () => {
    const calls = answerCalls({
      [`GET ${PATH}`]: { body: { channel: 'email', whatsappAvailable: true } },
      [`PUT ${PATH}`]: { body: { channel: 'off', whatsappAvailable: true } },
    });
    await renderScreen(<MonthlyReportSettings />);
    const email = await screen.findByLabelText('By email', {}, { timeout: 5000 });
    expect(email.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/On the 1st, what Chaska did for your shop last month/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Off: no monthly report'));
    await waitFor(() =>
      expect(screen.getByLabelText('Off: no monthly report').getAttribute('aria-checked')).toBe('true'),
    );
    expect(calls.filter((call) => call.call === `PUT ${PATH}`).map((call) => call.body)).toEqual([{ channel: 'off' }]);
  });

  it('keeps WhatsApp closed without a verified number and says why, in Urdu too', async () => {
    await renderScreen(
      <MonthlyReportChoice
        settings={{ channel: 'email', whatsappAvailable: false }}
        saving={false}
        onChoose={() => {}}
      />,
      { language: 'ur' },
    );
    expect((await screen.findByLabelText('WhatsApp پر')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/موبائل نمبر شامل کر کے تصدیق کریں/)).toBeTruthy();
  });
});
