import type en from '@shared/i18n/en/forms';

/** Urdu: what a customer-facing form says under a field it refuses (see ../en/forms.ts). */
export default {
  'credentials.missing': 'ای میل یا فون نمبر اور پاس ورڈ دونوں درج کریں۔',
  'email.missing': 'براہِ کرم اپنا ای میل ایڈریس درج کریں۔',
  'email.tooLong': 'ای میل ایڈریس بہت لمبا ہے۔',
  'email.invalid': 'براہِ کرم درست ای میل ایڈریس درج کریں۔',
  'password.tooLong': 'پاس ورڈ بہت لمبا ہے۔',
  'password.missing': 'براہِ کرم اپنا پاس ورڈ درج کریں۔',
  'name.missing': 'پہلا نام ضروری ہے۔',
  'name.tooLong': 'پہلا نام بہت لمبا ہے۔',
  'surname.missing': 'آخری نام ضروری ہے۔',
  'surname.tooLong': 'آخری نام بہت لمبا ہے۔',
  'phone.invalid': 'براہِ کرم درست فون نمبر درج کریں، مثلاً +92 300 1234567۔',
  'city.invalid': 'براہِ کرم فہرست میں سے شہر چنیں۔',
  'dateOfBirth.invalid': 'براہِ کرم درست تاریخِ پیدائش درج کریں۔',
  'gender.invalid': 'براہِ کرم جنس منتخب کریں۔',
  'kioskPin.invalid': 'پن 4 سے 6 ہندسوں کا ہونا چاہیے۔',
  'twoFactorCode.invalid': 'براہِ کرم اپنی authenticator ایپ کا 6 ہندسوں والا کوڈ، یا کوئی بیک اپ کوڈ درج کریں۔',
  'resetToken.invalid': 'پاس ورڈ بدلنے کا یہ لنک درست نہیں۔',
  'verificationToken.invalid': 'تصدیق کا یہ لنک درست نہیں۔',
  'phone.mobileInvalid': 'براہِ کرم پاکستانی موبائل نمبر درج کریں، مثلاً 0300 1234567۔',
  'phoneCode.invalid': 'براہِ کرم ہمارا بھیجا ہوا 6 ہندسوں والا کوڈ درج کریں۔',
  'closeAccount.confirm': 'براہِ کرم تصدیق کریں کہ آپ اپنا اکاؤنٹ بند کرنا چاہتے ہیں۔',
  'plan.featureNeeded': 'یہ سہولت {{plan}} پلان کے ساتھ ملتی ہے۔',
  'plan.cardTypeLocked':
    '{{type}} کارڈ {{plan}} پلان اور اس سے اوپر کے ساتھ ملتے ہیں۔ انہیں استعمال کرنے کے لیے بلنگ پر اپنا پلان اپ گریڈ کریں۔',
  'plan.partnerCardsLocked':
    'پارٹنر کارڈ {{plan}} پلان اور اس سے اوپر کے ساتھ ملتے ہیں۔ پارٹنرز کو دعوت دینے کے لیے اپ گریڈ کریں۔',
} satisfies Record<keyof typeof en, string>;
