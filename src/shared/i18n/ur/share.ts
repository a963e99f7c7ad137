import type en from '@shared/i18n/en/share';

/** Urdu: the share buttons (see ../en/share.ts). */
export default {
  vendorText: '{{brand}} پر {{city}} کا {{name}}: اسٹیمپ جمع کریں اور انعام پائیں۔',
  vendorLabel: '{{name}} شیئر کریں',
  cardText: '{{brand}} پر {{vendor}} کا {{card}}',
  cardLabel: '{{name}} شیئر کریں',
  open: 'شیئر کریں',
  whatsapp: 'واٹس ایپ',
  facebook: 'فیس بک',
  copy: 'لنک کاپی کریں',
  copied: 'لنک کاپی ہو گیا',
  copyFailed: 'یہاں کاپی کرنا بند ہے۔ لنک خود کاپی کر لیں:',
  more: 'مزید…',
} satisfies Record<keyof typeof en, string>;
