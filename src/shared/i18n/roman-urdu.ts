import { LANGUAGE_NAMES, LANGUAGES, type Language } from './languages';

/**
 * Roman Urdu: Urdu written in Latin letters, as most Pakistanis text (decision 082). A language of
 * WhatsApp messages and SMS only; the interface stays English and Urdu. Its BCP 47 tag.
 */
export const ROMAN_URDU = 'ur-Latn';

/** The languages a WhatsApp message or an SMS can be written in. */
export const MESSAGE_LANGUAGES = [...LANGUAGES, ROMAN_URDU] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const MESSAGE_LANGUAGE_NAMES: Record<MessageLanguage, string> = {
  ...LANGUAGE_NAMES,
  [ROMAN_URDU]: 'Roman Urdu',
};

export function isMessageLanguage(value: unknown): value is MessageLanguage {
  return typeof value === 'string' && (MESSAGE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language a message language writes its dates and numbers in: Roman Urdu texters
 * write "15 March" and "Rs 500" as English does.
 */
export function interfaceLanguageOf(language: MessageLanguage): Language {
  return language === ROMAN_URDU ? 'en' : language;
}

/**
 * Every catalogue text a WhatsApp message or an SMS is made of (codes, receipts, the notices'
 * titles and bodies), by full key, in Roman Urdu. Plain ASCII on purpose: an SMS in it goes as
 * GSM-7, 160 characters a part, where Urdu letters cost UCS-2's 70. A text not here is written
 * in English (a vendor's own words stay as the vendor wrote them).
 */
export const ROMAN_URDU_TEXTS = {
  'account:phoneCode.text':
    'Aap ka Chaska code {{code}} hai. Yeh code kisi ko na batayein, dukaan ke staff ko bhi nahi.',
  'customer:push.stampBody_one':
    '{{card}}: {{required}} mein se {{collected}} stamp. {{reward}} ke liye bas {{count}} stamp aur!',
  'customer:push.stampBody_other':
    '{{card}}: {{required}} mein se {{collected}} stamp. {{reward}} ke liye {{count}} stamp aur.',
  'customer:push.pointsTitle': '{{vendor}}: aap ke {{collected}} points',
  'customer:push.pointsBody': '{{card}}: {{collected}} points. {{reward}} {{required}} points mein aap ka.',
  'customer:push.tierDowngradeTitle': '{{vendor}} par aap ka {{level}} level',
  'customer:push.tierDowngradeVisits_one':
    '{{card}}: aap ka {{level}} level {{date}} ko khatam ho jayega. Isay rakhne ke liye tab tak {{count}} dafa aur aayein.',
  'customer:push.tierDowngradeVisits_other':
    '{{card}}: aap ka {{level}} level {{date}} ko khatam ho jayega. Isay rakhne ke liye tab tak {{count}} dafa aur aayein.',
  'customer:push.tierDowngradePoints_one':
    '{{card}}: aap ka {{level}} level {{date}} ko khatam ho jayega. Isay rakhne ke liye tab tak {{count}} point aur jama karein.',
  'customer:push.tierDowngradePoints_other':
    '{{card}}: aap ka {{level}} level {{date}} ko khatam ho jayega. Isay rakhne ke liye tab tak {{count}} points aur jama karein.',
  'customer:push.rewardExpiryBody': '{{reward}} aap ka intezar kar raha hai. {{date}} tak counter par le lein.',
  'customer:phoneStop.confirmation':
    '{{brand}}: ab aap ko {{channel}} par hamare messages nahi aayenge. Dobara chahiye hon to apni e-mail preferences ke page par on karein.',
  'customer:phoneReceipt.text_one': '{{vendor}}: {{required}} mein se {{collected}} stamp. Aane ka shukriya!',
  'customer:phoneReceipt.text_other': '{{vendor}}: {{required}} mein se {{collected}} stamp. Aane ka shukriya!',
  'customer:phoneReceipt.points': '{{vendor}}: aap ke {{collected}} points. Aane ka shukriya!',
  'emails:stamp.subject': '{{vendor}} se stamp mil gaya ({{collected}}/{{required}})',
  'emails:reward.subject': 'Mubarak ho! {{vendor}} par aap ka inaam tayyar hai',
  'emails:reward.title': 'Aap ka inaam: {{reward}}.',
  'emails:reward.titleWithValue': 'Aap ka inaam: {{reward}} ({{value}} ka).',
  'emails:rewardExpiry.subject': '{{vendor}} par aap ka inaam {{date}} ko khatam ho jayega',
  'emails:rewardExpiry.subjectToday': 'Aakhri din: {{vendor}} par aap ka inaam aaj raat khatam ho jayega',
  'emails:vendorMessage.subject': '{{vendor}}: {{subject}}',
  'emails:deal.subject': '{{kind}}: {{vendor}} par {{deal}}',
  'emails:deal.kindHourly': 'Hourly {{brand}}',
  'emails:deal.endsAt': 'Jaldi karein, deal {{endsAt}} ko khatam ho jayegi.',
  'customer:push.dailyChaskaBody': '{{vendor}}, {{city}}: {{original}} ki jagah sirf {{price}}.',
  'customer:push.dealPlaceBody': '{{vendor}}, {{city}}.',
} satisfies Record<string, string>;

export type PhoneTextKey = keyof typeof ROMAN_URDU_TEXTS;

/** The catalogue texts WhatsApp messages and SMS are made of: the Global Text Editor marks them. */
export function isPhoneTextKey(fullKey: string): fullKey is PhoneTextKey {
  return Object.hasOwn(ROMAN_URDU_TEXTS, fullKey);
}
