import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@client/components/ui/banner';
import type { PopupOutcome } from '@client/features/accounts/google-popup/popup-flow';
import { GoogleSignInButton } from './google-sign-in-button';

/** What runs on /auth right now: nothing, the e-mail form, or the Google popup. */
export type AuthBusy = 'form' | 'google' | null;

export interface AuthPanelFrameProps {
  title: string;
  subtitle: string;
  /** "Authentication failed" on the sign-in tab, "Sign up failed" on the sign-up tab. */
  errorTitle: string;
  error: string | null;
  busy: AuthBusy;
  googleAvailable: boolean;
  onGoogleStart: () => void;
  onGoogleFinish: (outcome: PopupOutcome) => void;
  children: ReactNode;
}

/** The parts both tabs share: title, error box, the Google button and the "or" divider. */
export function AuthPanelFrame({
  title,
  subtitle,
  errorTitle,
  error,
  busy,
  googleAvailable,
  onGoogleStart,
  onGoogleFinish,
  children,
}: AuthPanelFrameProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col gap-5">
      <header className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        <p className="mt-1 text-sm text-stone-600">{subtitle}</p>
      </header>
      {error ? (
        <Banner tone="error" title={errorTitle}>
          {error}
        </Banner>
      ) : null}
      <GoogleSignInButton
        available={googleAvailable}
        disabled={busy !== null}
        busy={busy === 'google'}
        onStart={onGoogleStart}
        onFinish={onGoogleFinish}
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
