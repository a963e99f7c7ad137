import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { invalidFields } from '@server/errors';
import { serverText } from '@server/lib/texts';

/**
 * The one home of "is this a Pakistani mobile number": `0300 1234567`, `03001234567`,
 * `+92 300 1234567` and `92-300-1234567` are one person, +923001234567 (E.164). A landline, a
 * foreign number or anything else is null.
 */
export function pakistaniMobile(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, 'PK');
  if (!parsed || parsed.country !== 'PK' || !parsed.isValid() || parsed.getType() !== 'MOBILE') return null;
  return parsed.number;
}

/** The number in E.164, or a 400 that names the phone field in the reader's language. */
export function requirePakistaniMobile(typed: string): string {
  const number = pakistaniMobile(typed);
  if (number) return number;
  const message = serverText('forms:phone.mobileInvalid');
  throw invalidFields(message, { phoneNumber: message }, 'phone_invalid');
}
