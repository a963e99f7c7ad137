import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMAIL_TOGGLE_KEYS, type EmailPreferencesResponse } from '@shared/notifications/email';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { EmailPreferencesForm } from './email-preferences-form';

const off = Object.fromEntries(EMAIL_TOGGLE_KEYS.map((key) => [key, false])) as Record<
  (typeof EMAIL_TOGGLE_KEYS)[number],
  boolean
>;

function preferencesWith(
  phone: Omit<EmailPreferencesResponse['phone'], 'language'> & Partial<EmailPreferencesResponse['phone']>,
): EmailPreferencesResponse {
  return {
    preferences: {
      ...off,
      stamp_notifications: true,
      security_alerts: true,
      frequency: 'immediate',
      unsubscribed: false,
      push: off,
      whatsapp: off,
      sms: off,
      updated_at: '2026-03-11T07:00:00.000Z',
    },
    digest: { hour: 9, weekday: 'Monday', timeZone: 'Asia/Karachi' },
    phone: { language: 'en', ...phone },
  };
}

describe('the preferences form: WhatsApp and SMS (decision 081)', () => {
  it('offers each channel the server has for the verified number, and saves what the customer turned on', async () => {
    const data = preferencesWith({ number: '+923001234567', whatsapp: true, sms: true });
    const calls = answerCalls({ 'PUT /api/email-preferences': { body: data } });
    await renderScreen(<EmailPreferencesForm data={data} onNotice={() => undefined} />);
    expect(await screen.findByText('By WhatsApp and SMS')).toBeTruthy();
    expect(screen.getByText(/^To 0300 1234567\. Each is off until you turn it on\./)).toBeTruthy();
    const whatsapp = screen.getByRole('switch', { name: 'Stamp notifications by WhatsApp' });
    expect(whatsapp.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Reward notifications by SMS' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Daily Chaska by WhatsApp' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Vendor updates by SMS' })).toBeTruthy();
    // Only what is sent by phone is offered: no welcome or platform marketing texts.
    expect(screen.queryByRole('switch', { name: 'Marketing emails by WhatsApp' })).toBeNull();

    await userEvent.click(whatsapp);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = calls.find((call) => call.call === 'PUT /api/email-preferences');
    expect(saved?.body).toMatchObject({
      whatsapp: { ...off, stamp_notifications: true },
      sms: off,
    });
    // The language was not touched: it keeps following the interface language (decision 082).
    expect(saved?.body).not.toHaveProperty('phone_language');
  });

  it('lets the customer choose English, Urdu or Roman Urdu for WhatsApp and SMS (decision 082)', async () => {
    const data = preferencesWith({ number: '+923001234567', whatsapp: true, sms: true, language: 'ur' });
    const calls = answerCalls({ 'PUT /api/email-preferences': { body: data } });
    await renderScreen(<EmailPreferencesForm data={data} onNotice={() => undefined} />);
    const group = await screen.findByRole('radiogroup', { name: 'Language of WhatsApp and SMS' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'اردو' }).getAttribute('aria-checked')).toBe('true');
    const roman = screen.getByRole('radio', { name: 'Roman Urdu' });
    expect(screen.getByText('Urdu in English letters, as in "Aap ka inaam tayyar hai"')).toBeTruthy();
    await userEvent.click(roman);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = calls.find((call) => call.call === 'PUT /api/email-preferences');
    expect(saved?.body).toMatchObject({ phone_language: 'ur-Latn' });
  });

  it('offers no phone channel without a verified number, and only SMS where the server has no WhatsApp', async () => {
    answerCalls({});
    const { unmount } = await renderScreen(
      <EmailPreferencesForm
        data={preferencesWith({ number: null, whatsapp: true, sms: true })}
        onNotice={() => undefined}
      />,
    );
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByText('By WhatsApp and SMS')).toBeNull();
    unmount();

    await renderScreen(
      <EmailPreferencesForm
        data={preferencesWith({ number: '+923001234567', whatsapp: false, sms: true })}
        onNotice={() => undefined}
      />,
    );
    expect(await screen.findByRole('switch', { name: 'Stamp notifications by SMS' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Stamp notifications by WhatsApp' })).toBeNull();
  });

  it('speaks Urdu to an Urdu reader', async () => {
    answerCalls({});
    await renderScreen(
      <EmailPreferencesForm
        data={preferencesWith({ number: '+923001234567', whatsapp: true, sms: false })}
        onNotice={() => undefined}
      />,
      { language: 'ur' },
    );
    expect(await screen.findByText('واٹس ایپ اور SMS کے ذریعے')).toBeTruthy();
    expect(screen.getByText(/^0300 1234567 پر۔/)).toBeTruthy();
  });
});
