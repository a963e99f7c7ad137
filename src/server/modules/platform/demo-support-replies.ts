import { BRAND } from '@shared/brand';

/** The Chat Assistant's first saved replies, in English and Urdu, seeded with the demo catalogue. */
export const DEMO_SUPPORT_REPLIES = [
  {
    title: 'Stamp not showing',
    bodyEn:
      'Thank you for writing to us. A stamp shows on your dashboard as soon as the counter code is scanned. If it did not, please tell us the shop, the day and the time of your visit, and we will check it with the shop and add the stamp if it was missed.',
    bodyUr:
      'ہمیں لکھنے کا شکریہ۔ کاؤنٹر کا کوڈ اسکین ہوتے ہی اسٹیمپ آپ کے ڈیش بورڈ پر نظر آ جاتا ہے۔ اگر ایسا نہیں ہوا تو براہِ کرم ہمیں دکان کا نام، دن اور آنے کا وقت بتائیں، ہم دکان سے معلوم کر کے اسٹیمپ رہ گیا ہو تو شامل کر دیں گے۔',
  },
  {
    title: 'How to redeem a reward',
    bodyEn:
      'When your card is full, open it on your dashboard and press Redeem Reward. Show the live reward code to the staff at the counter: they confirm it, you enjoy your reward, and the card starts over.',
    bodyUr:
      'جب آپ کا کارڈ پورا ہو جائے تو اسے اپنے ڈیش بورڈ پر کھولیں اور "انعام وصول کریں" دبائیں۔ لائیو انعامی کوڈ کاؤنٹر پر عملے کو دکھائیں: وہ تصدیق کریں گے، آپ انعام کا مزہ لیں، اور کارڈ دوبارہ شروع ہو جائے گا۔',
  },
  {
    title: 'Vendor application under review',
    bodyEn: `Thank you for applying to bring your business to ${BRAND.name}. We review every application within 24 to 48 hours and e-mail you the result. You can see its status on your vendor dashboard at any time.`,
    bodyUr: `${BRAND.name} پر اپنا کاروبار لانے کی درخواست کا شکریہ۔ ہم ہر درخواست کا جائزہ 24 سے 48 گھنٹوں میں لیتے ہیں اور نتیجہ آپ کو ای میل کر دیتے ہیں۔ آپ اس کی حیثیت کسی بھی وقت اپنے وینڈر ڈیش بورڈ پر دیکھ سکتے ہیں۔`,
  },
] as const;
