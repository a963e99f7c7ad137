import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { PhoneSignInForm } from './phone-sign-in-form';

const CODE_SENT = '/api/accounts/phone/code';
const sent = (channel: 'whatsapp' | 'sms' | 'log', smsInstead = false) => ({
  body: { phoneNumber: '+923001234567', channel, smsInstead, resendAfterSeconds: 30 },
});

async function askForCode(number: string) {
  await userEvent.type(await screen.findByLabelText(/^Mobile number/), number);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('the phone sign-in form', () => {
  it('asks for the number when the field is empty, and sends nothing', async () => {
    const calls = answerCalls({});
    await renderScreen(<PhoneSignInForm onSignedIn={async () => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says the code went by WhatsApp, with the SMS fallback, and sends the page language', async () => {
    const calls = answerCalls({ [`POST ${CODE_SENT}`]: sent('whatsapp', true) });
    await renderScreen(<PhoneSignInForm onSignedIn={async () => undefined} />);
    await askForCode('0300 1234567');
    expect(await screen.findByText(/We sent a 6-digit code to 0300 1234567 by WhatsApp\./)).toBeTruthy();
    expect(screen.getByText(/No WhatsApp on this number\? The code comes by SMS instead\./)).toBeTruthy();
    expect(calls).toEqual([
      { call: `POST ${CODE_SENT}`, body: { phoneNumber: '0300 1234567', purpose: 'sign_in', language: 'en' } },
    ]);
  });

  it('does not claim an SMS when no provider is set up: the code is in the log', async () => {
    answerCalls({ [`POST ${CODE_SENT}`]: sent('log') });
    await renderScreen(<PhoneSignInForm onSignedIn={async () => undefined} />);
    await askForCode('03001234567');
    expect(
      await screen.findByText(
        'This server sends no WhatsApp or SMS yet: the code for 0300 1234567 is in its log and the admin outbox.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/by SMS/)).toBeNull();
  });

  it("shows the server's refusal of the number under the number field", async () => {
    answerCalls({
      [`POST ${CODE_SENT}`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'phoneNumber: Please enter a Pakistani mobile number.',
            fields: { phoneNumber: 'Please enter a Pakistani mobile number.' },
          },
        },
      },
    });
    await renderScreen(<PhoneSignInForm onSignedIn={async () => undefined} />);
    await askForCode('12345');
    const field = screen.getByLabelText(/^Mobile number/);
    expect(await screen.findByText('Please enter a Pakistani mobile number.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('writes the code step in Urdu on an Urdu page', async () => {
    answerCalls({ [`POST ${CODE_SENT}`]: sent('sms') });
    await renderScreen(<PhoneSignInForm onSignedIn={async () => undefined} />, { language: 'ur' });
    await userEvent.type(await screen.findByLabelText(/^موبائل نمبر/), '03001234567');
    await userEvent.click(screen.getByRole('button', { name: 'کوڈ بھیجیں' }));
    expect(await screen.findByText('ہم نے 0300 1234567 پر SMS کے ذریعے 6 ہندسوں کا کوڈ بھیجا ہے۔')).toBeTruthy();
  });
});
