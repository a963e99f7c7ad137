import { isPhoneAccountEmail } from './phone';

/** How an account can be reached, and which of its ways were proven by a link or a code. */
export interface ContactState {
  /** The account's e-mail address; null for a phone account (its placeholder receives nothing). */
  email: string | null;
  /** The address was confirmed by its e-mailed link (or by Google). */
  emailVerified: boolean;
  /** The mobile number the account signs in with (E.164); the phone-number plugin sets it only once a code proved it. */
  phoneNumber: string | null;
  phoneVerified: boolean;
}

/**
 * The one reading of an account's contacts from what every session carries: its address, the
 * profile's verified flag and its verified number. A phone account's profile is "verified" by its
 * number, never by its placeholder address, so the flag counts for the address only when it is real.
 */
export function contactStateOf(account: {
  email: string;
  verified: boolean;
  phoneNumber: string | null;
}): ContactState {
  const placeholder = isPhoneAccountEmail(account.email);
  return {
    email: placeholder ? null : account.email,
    emailVerified: !placeholder && account.verified,
    phoneNumber: account.phoneNumber,
    phoneVerified: account.phoneNumber !== null,
  };
}

/** Applying as a vendor takes a verified e-mail address or a verified mobile number (someone the admin can reach). */
export function hasVerifiedContact(state: ContactState): boolean {
  return state.emailVerified || state.phoneVerified;
}
