import { BRAND } from '../../brand';
import type en from '../en/heads';

/** Urdu: the heads of public pages, for search results and shared links (see ../en/heads.ts). */
export default {
  'home.title': `${BRAND.name} — وفاداری، ڈبل مصالحے کے ساتھ`,
  'home.description': `${BRAND.name}: پورے پاکستان کے ریسٹورنٹس، کیفے، بیکریوں اور مٹھائی کی دکانوں کے ڈیجیٹل لائلٹی کارڈ۔ QR کوڈ سے اسٹیمپ جمع کریں اور انعام پائیں۔`,
  'vendorClubs.name': 'وینڈر کلب',
  'vendorClubs.description': `${BRAND.name} پر اپنے قریب کے ریسٹورنٹس، کیفے، بیکریوں اور مٹھائی کی دکانوں کے لائلٹی کلب میں شامل ہوں، اور ہر بار آنے پر اسٹیمپ پائیں۔`,
  'dailyChaska.name': BRAND.dailyName,
  'dailyChaska.description': `${BRAND.dailyName} پر مقامی وینڈرز کی آج کی خاص ڈیلز: محدود اسٹاک، رعایتی قیمت، ہر 24 گھنٹے میں نئی۔`,
  'exclusive.name': 'ایکسکلوسِو کارڈ',
  'exclusive.description': `${BRAND.name} پر پورے پاکستان کے پریمیم وینڈرز کے VIP لائلٹی کلب، صرف ممبرز کے لیے خاص فائدوں کے ساتھ۔`,
  'freeCards.name': 'مفت کارڈ',
  'freeCards.description': `${BRAND.name} پر مقامی وینڈرز کے لائلٹی کارڈ، جن پر آپ مفت میں اسٹیمپ جمع کرنا شروع کر سکتے ہیں۔`,
  'vendorSignup.name': 'وینڈر بنیں',
  'vendorSignup.description': `اپنا ریسٹورنٹ، کیفے، بیکری یا مٹھائی کی دکان ${BRAND.name} پر لائیں اور اپنے پکے گاہکوں کو انعام دیں۔ ابھی درخواست دیں۔`,
  'pricing.name': 'قیمتیں',
  'pricing.description': `وینڈرز کے لیے ${BRAND.name} کے ماہانہ پلان، روپوں میں: Starter، Standard، Premium اور Enterprise۔`,
  'support.name': 'مدد',
  'support.description': `${BRAND.name} کارڈ، اسٹیمپ، انعامات اور وینڈر اکاؤنٹس کے بارے میں مدد: ای میل یا WhatsApp پر ہم سے رابطہ کریں۔`,
  'privacy.name': 'پرائیویسی پالیسی',
  'privacy.description': `${BRAND.name} آپ کی ذاتی معلومات کیسے جمع کرتا ہے، کیسے استعمال کرتا ہے اور کیسے محفوظ رکھتا ہے۔`,
  'terms.name': 'سروس کی شرائط',
  'terms.description': `${BRAND.name} کے کسٹمرز، وینڈرز اور آنے والوں کے لیے شرائط: اکاؤنٹ، اسٹیمپ اور انعامات، وینڈرز اور منصفانہ استعمال۔`,
  'auth.name': 'سائن اِن',
  'auth.description': `اپنے ${BRAND.name} اکاؤنٹ میں سائن اِن کریں یا نیا اکاؤنٹ بنائیں۔`,
  'vendor.notFound': 'وینڈر نہیں ملا',
  'vendor.place': '{{area}}، {{city}} میں {{category}}۔',
  'vendor.collect': '{{brand}} کے ساتھ {{vendor}} پر اسٹیمپ جمع کریں اور انعام پائیں۔',
  'siteImage.alt': `${BRAND.name}: وفاداری، ڈبل مصالحے کے ساتھ۔`,
} satisfies Record<keyof typeof en, string>;
