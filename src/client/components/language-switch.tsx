import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type Language } from '@shared/i18n/languages';
import { Button, type ButtonSize } from '@client/components/ui/button';
import { callApi } from '@client/lib/api-client';
import { showLanguage, useLanguage } from '@client/lib/language';
import { useSessionSummary } from '@client/lib/session-summary-context';
import * as sessionApi from '@shared/contract/accounts-session';

/**
 * The header's language switch: English ⇄ اردو. The button names the other language in its own
 * script, so a reader of either finds it. A signed-in person's choice is saved to the account
 * (their e-mails follow it); a visitor's lives in the cookie.
 */
export function LanguageSwitch({ size = 'sm', className }: { size?: ButtonSize; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSessionSummary();
  const other: Language = language === 'ur' ? 'en' : 'ur';

  const choose = () => {
    void showLanguage(other).catch(() => undefined);
    if (session.status === 'signed-in')
      // Not saved (offline): the cookie still carries the choice on this device.
      callApi(sessionApi.setLanguage, { body: { language: other } }).catch(() => undefined);
  };

  return (
    <Button variant="ghost" size={size} className={className} onClick={choose}>
      <span className="sr-only">{t('common:header.language')}: </span>
      <span lang={other} dir="auto">
        {LANGUAGE_NAMES[other]}
      </span>
    </Button>
  );
}
