import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@client/lib/translation';
import { useLocation } from 'react-router';
import { LANGUAGE_NAMES, LANGUAGE_PARAM, type Language } from '@shared/i18n/languages';
import { Button, type ButtonSize } from '@client/components/ui/button';
import { callApi } from '@client/lib/api-client';
import { showLanguage } from '@client/lib/language';
import { useLanguage } from '@client/lib/translation';
import { useSessionSummary } from '@client/lib/session-summary-context';
import * as sessionApi from '@shared/accounts/session-contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { useInteractive } from '@client/lib/use-browser-value';

/**
 * The header's language switch: English ⇄ اردو. The button names the other language in its own
 * script, so a reader of either finds it. A signed-in person's choice is saved to the account
 * (their e-mails follow it); a visitor's lives in the cookie. Tapped before a server-rendered
 * page is interactive (decision 059), it submits a GET form to the same address with ?lang=, and
 * the server writes the page in that language and sets the cookie. That includes a tap while
 * hydration is under way: the switch is hydrated before the rest of the page, and changing the
 * catalogue then would make the parts not yet hydrated disagree with the server's markup.
 */
export function LanguageSwitch({ size = 'sm', className }: { size?: ButtonSize; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSessionSummary();
  const location = useLocation();
  const other: Language = language === 'ur' ? 'en' : 'ur';

  const queryClient = useQueryClient();
  const interactive = useInteractive();

  const choose = () => {
    // The answers on screen hold texts the server wrote in the old language (a status, a message):
    // asked again, they come in the new one.
    void showLanguage(other)
      .then(() => refreshAfterWrite(queryClient))
      .catch(() => undefined);
    if (session.status === 'signed-in')
      // Not saved (offline): the cookie still carries the choice on this device.
      callApi(sessionApi.setLanguage, { body: { language: other } }).catch(() => undefined);
  };

  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== LANGUAGE_PARAM);
  return (
    <form method="get" action={location.pathname} className="contents">
      {kept.map(([name, value], index) => (
        <input key={`${index}:${name}`} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        name={LANGUAGE_PARAM}
        value={other}
        variant="ghost"
        size={size}
        className={className}
        onClick={(event) => {
          if (!interactive) return;
          event.preventDefault();
          choose();
        }}
      >
        <span className="sr-only">{t('common:header.language')}: </span>
        <span lang={other} dir="auto">
          {LANGUAGE_NAMES[other]}
        </span>
      </Button>
    </form>
  );
}
