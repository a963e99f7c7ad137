import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@client/lib/translation';
import { translate } from '@client/lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { OAUTH_MESSAGE_KEYS, oauthErrorMessage, type Translate } from '@shared/accounts/account-messages';
import authTexts from '@shared/i18n/en/auth';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { registerCatalogue } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { fetchMe } from '@client/lib/use-session';
import type { PopupMessage } from '@client/features/accounts/google-popup/popup-flow';
import { adoptNewSession } from '@client/features/accounts/session-cache';
import type { AuthPageState } from './auth-page';

registerCatalogue('auth', authTexts);

/** The server's `error` code, or the session it has just created, as the message for the opener. */
async function resultMessage(error: string | null, t: Translate): Promise<PopupMessage> {
  if (error) return { type: 'oauth_error', error: oauthErrorMessage(error, t) };
  try {
    const { user } = await fetchMe();
    if (user) return { type: 'oauth_success', session: { user } };
  } catch {
    // Same answer as no session: the opener cannot go on either way.
  }
  return { type: 'oauth_error', error: t(OAUTH_MESSAGE_KEYS.finalCheckFailed) };
}

/**
 * Where Google's sign-in returns, inside the popup: report to the /auth page that opened it,
 * then close. Opened directly (no opener, or the window cannot close), it moves on by itself.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('auth:callback.title'));
  const [params] = useSearchParams();
  const error = params.get('error');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let abandoned = false;
    // The page has loaded the auth texts (useTranslation suspends until then).
    void resultMessage(error, translate).then(async (message) => {
      if (abandoned) return;
      const opener = window.opener as Window | null;
      if (opener && opener !== window) {
        // Only a page of this site receives it, whoever opened the popup.
        opener.postMessage(message, window.location.origin);
        window.close();
        if (window.closed) return;
      }
      if (message.type === 'oauth_success') {
        await adoptNewSession(queryClient);
        void navigate('/user', { replace: true });
      } else {
        void navigate('/auth', { replace: true, state: { oauthError: message.error } satisfies AuthPageState });
      }
    });
    return () => {
      abandoned = true;
    };
  }, [error, navigate, queryClient]);

  return <FullPageSpinner label={t('auth:callback.working')} />;
}
