import type en from '@shared/i18n/en/codes';

/** Urdu: the camera scanner and the rotating-code panel (see ../en/codes.ts). */
export default {
  'camera.view': 'کیمرے کا منظر',
  'camera.starting': 'کیمرا چل رہا ہے…',
  'camera.blocked': 'کیمرے کی اجازت نہیں ملی۔ براؤزر کی سیٹنگز میں اس سائٹ کے لیے کیمرا آن کریں، یا نیچے کوڈ لکھ دیں۔',
  'camera.notFound': 'اس ڈیوائس میں کوئی کیمرا نہیں ملا۔ کاؤنٹر پر دکھایا گیا کوڈ نیچے لکھ دیں۔',
  'camera.unsupported': 'یہ براؤزر یہاں کیمرا استعمال نہیں کر سکتا۔ کاؤنٹر پر دکھایا گیا کوڈ نیچے لکھ دیں۔',
  'camera.failed': 'کیمرا شروع نہیں ہو سکا۔ کاؤنٹر پر دکھایا گیا کوڈ نیچے لکھ دیں۔',
  'rotating.loadFailed': 'کوڈ لوڈ نہیں ہو سکا۔',
  'rotating.tryAgain': 'دوبارہ کوشش کریں',
  'rotating.typeThisCode': 'کیمرا نہیں؟ یہ کوڈ لکھ دیں',
  'rotating.refreshing': 'نیا کوڈ آ رہا ہے…',
  'rotating.newCodeIn': 'نیا کوڈ {{refresh}} سیکنڈ میں · یہ کوڈ {{expires}} سیکنڈ تک چلے گا',
  'rotating.worksFor': 'یہ کوڈ {{expires}} سیکنڈ تک چلے گا',
  'rotating.getNew': 'نیا کوڈ لیں',
  'entry.stopCamera': 'کیمرا بند کریں',
  'entry.scanWithCamera': 'کیمرے سے اسکین کریں',
  'entry.placeholder': 'XXXX-XXXX',
} satisfies Record<keyof typeof en, string>;
