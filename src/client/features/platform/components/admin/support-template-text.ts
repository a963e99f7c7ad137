import type { Language } from '@shared/i18n/languages';
import type { SupportTemplate } from '@shared/platform/support-inbox';

/** A saved reply's text in the conversation's language: what choosing it puts in the answer box. */
export function templateTextFor(template: Pick<SupportTemplate, 'bodyEn' | 'bodyUr'>, language: Language): string {
  return language === 'ur' ? template.bodyUr : template.bodyEn;
}
