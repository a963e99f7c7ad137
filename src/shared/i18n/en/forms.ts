/**
 * What a customer-facing form says under a field it refuses (sign-in, sign-up, the password
 * reset, the profile, two-factor). The shared zod schemas name these keys (`fieldMessage`), so
 * the browser and the API's 400 answer word a refusal the same way, overrides included.
 */
export default {
  'credentials.missing': 'You must provide either an email or phone number and a password.',
  'email.missing': 'Please enter your e-mail address.',
  'email.tooLong': 'Email address is too long.',
  'email.invalid': 'Please enter a valid email address.',
  'password.tooLong': 'Password is too long.',
  'password.missing': 'Please enter your password.',
  'name.missing': 'First name is required.',
  'name.tooLong': 'First name is too long.',
  'surname.missing': 'Last name is required.',
  'surname.tooLong': 'Last name is too long.',
  'phone.invalid': 'Please enter a valid phone number, for example +92 300 1234567.',
  'city.invalid': 'Please choose a city from the list.',
  'dateOfBirth.invalid': 'Please enter a valid date of birth.',
  'gender.invalid': 'Please choose a gender.',
  'kioskPin.invalid': 'The PIN must be 4 to 6 digits.',
  'twoFactorCode.invalid': 'Please enter the 6-digit code from your authenticator app, or a backup code.',
  'resetToken.invalid': 'The reset link is not valid.',
  'verificationToken.invalid': 'The verification link is not valid.',
  'phone.mobileInvalid': 'Please enter a Pakistani mobile number, for example 0300 1234567.',
  'phoneCode.invalid': 'Please enter the 6-digit code we sent you.',
  'closeAccount.confirm': 'Please confirm that you want to close your account.',
  'plan.featureNeeded': 'This feature needs the {{plan}} plan.',
  'plan.cardTypeLocked':
    '{{type}} cards come with the {{plan}} plan and above. Upgrade your plan on Billing to use them.',
  'plan.partnerCardsLocked': 'Partner cards come with the {{plan}} plan and above. Upgrade to invite partners.',
};
