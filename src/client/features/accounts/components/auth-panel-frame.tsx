import { useState, type ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import type { PopupOutcome } from '@client/features/accounts/google-popup/popup-flow';
import { serverErrorText } from '@client/features/accounts/error-text';
import { AuthHeading } from './auth-form-parts';
import { GoogleSignInButton } from './google-sign-in-button';

/** What runs on /auth right now: nothing, an e-mail form, the Google popup, or the phone form. */
export type AuthBusy = 'form' | 'google' | 'phone' | null;

export interface AuthPanelFrameProps {
  title: string;
  subtitle: string;
  /** "Authentication failed" on the sign-in tab, "Sign up failed" on the sign-up tab. */
  errorTitle: string;
  error: string | null;
  busy: AuthBusy;
  googleAvailable: boolean;
  /** Clears the error box when the popup opens, and fills it when Google sign-in fails. */
  onGoogleError: (message: string | null) => void;
  onBusyChange: (busy: AuthBusy) => void;
  /** Called once Google sign-in has made a session. */
  onSignedIn: () => Promise<void>;
  /** 2 when the page has a title of its own above the tabs (applying for a shop). */
  headingLevel?: 1 | 2;
  children: ReactNode;
}

/**
 * A tab's form sending: the page is busy with it and the error box empty while it runs; a refusal
 * fills the box (the server's text in the tab's words, `describeFailure`) and frees the page.
 */
export function useAuthPanelSend(
  onBusyChange: (busy: AuthBusy) => void,
  describeFailure: (serverText: string | undefined) => string,
  initialError: string | null = null,
) {
  const [error, setError] = useState<string | null>(initialError);
  async function send(work: () => Promise<void>) {
    onBusyChange('form');
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(describeFailure(serverErrorText(failure)));
      onBusyChange(null);
    }
  }
  return { error, setError, send };
}

/** The parts both tabs share: title, error box, the Google button and the "or" divider. */
export function AuthPanelFrame({
  title,
  subtitle,
  errorTitle,
  error,
  busy,
  googleAvailable,
  onGoogleError,
  onBusyChange,
  onSignedIn,
  headingLevel,
  children,
}: AuthPanelFrameProps) {
  const { t } = useTranslation('auth');
  async function finishGoogle(outcome: PopupOutcome) {
    if (outcome.kind === 'success') {
      await onSignedIn().catch(() => onBusyChange(null));
      return;
    }
    onGoogleError(outcome.message);
    onBusyChange(null);
  }
  return (
    <div className="flex flex-col gap-5">
      <AuthHeading title={title} subtitle={subtitle} level={headingLevel} />
      {error ? (
        <Banner tone="error" title={errorTitle}>
          {error}
        </Banner>
      ) : null}
      <GoogleSignInButton
        available={googleAvailable}
        disabled={busy !== null}
        busy={busy === 'google'}
        onStart={() => {
          onGoogleError(null);
          onBusyChange('google');
        }}
        onFinish={(outcome) => void finishGoogle(outcome)}
      />
      <div className="flex items-center gap-3" role="separator" aria-label={t('auth:divider')}>
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
        <span aria-hidden="true" className="text-sm text-stone-500">
          {t('auth:divider')}
        </span>
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
      </div>
      {children}
    </div>
  );
}
