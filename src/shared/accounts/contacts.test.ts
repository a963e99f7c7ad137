import { describe, expect, it } from 'vitest';
import { contactStateOf, hasVerifiedContact } from './contacts';
import { phoneAccountEmail } from './phone';

describe('contactStateOf and hasVerifiedContact (who may apply as a vendor)', () => {
  it('an e-mail account is verified once its address is', () => {
    const unverified = contactStateOf({ email: 'sana@example.pk', verified: false, phoneNumber: null });
    expect(unverified).toEqual({
      email: 'sana@example.pk',
      emailVerified: false,
      phoneNumber: null,
      phoneVerified: false,
    });
    expect(hasVerifiedContact(unverified)).toBe(false);
    expect(hasVerifiedContact(contactStateOf({ email: 'sana@example.pk', verified: true, phoneNumber: null }))).toBe(
      true,
    );
  });

  it('an unverified e-mail account with a verified number may apply', () => {
    const state = contactStateOf({ email: 'sana@example.pk', verified: false, phoneNumber: '+923001234567' });
    expect(state).toMatchObject({ emailVerified: false, phoneVerified: true });
    expect(hasVerifiedContact(state)).toBe(true);
  });

  it('a phone account has no address, whatever its profile flag says; its number is its proof', () => {
    const state = contactStateOf({
      email: phoneAccountEmail('+923001234567'),
      verified: true,
      phoneNumber: '+923001234567',
    });
    expect(state).toEqual({ email: null, emailVerified: false, phoneNumber: '+923001234567', phoneVerified: true });
    expect(hasVerifiedContact(state)).toBe(true);
  });

  it('a placeholder address without its number proves nothing', () => {
    const state = contactStateOf({ email: phoneAccountEmail('+923001234567'), verified: true, phoneNumber: null });
    expect(hasVerifiedContact(state)).toBe(false);
  });
});
