import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { fetchMe } from '@client/lib/use-session';
import { useInteractive } from '@client/lib/use-browser-value';
import type { PopupOutcome } from '@client/features/accounts/google-popup/popup-flow';
import {
  browserPopupEnvironment,
  startGooglePopup,
  type GooglePopupFlow,
} from '@client/features/accounts/google-popup/run-google-popup';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

export interface GoogleSignInButtonProps {
  /** The server has Google credentials (features.google). */
  available: boolean;
  /** Another request of the form is running. */
  disabled: boolean;
  /** This button's popup is open. */
  busy: boolean;
  onStart: () => void;
  onFinish: (outcome: PopupOutcome) => void;
}

/** "Continue with Google": the popup flow of SPEC.md section 4. */
export function GoogleSignInButton({ available, disabled, busy, onStart, onFinish }: GoogleSignInButtonProps) {
  const { t } = useTranslation('auth');
  const flowRef = useRef<GooglePopupFlow | null>(null);
  const noteId = useId();
  // /auth is painted by the server: until the page is interactive a tap would open no popup and
  // be lost (decision 059), so the button waits, as the forms' submit buttons do.
  const interactive = useInteractive();

  // Leaving the page closes a popup that is still open.
  useEffect(() => () => flowRef.current?.cancel(), []);

  function handleClick() {
    // window.open must run in the click itself, or the browser blocks the popup.
    const flow = startGooglePopup({
      ...browserPopupEnvironment(async () => (await fetchMe()).user),
      translate: (key) => t(key),
    });
    flowRef.current = flow;
    onStart();
    void flow.result.then((outcome) => {
      if (flowRef.current === flow) flowRef.current = null;
      onFinish(outcome);
    });
  }

  return (
    <div>
      <Button
        variant="outline"
        className="w-full"
        busy={busy}
        disabled={disabled || !available || !interactive}
        aria-describedby={available ? undefined : noteId}
        onClick={handleClick}
      >
        {busy ? null : <GoogleMark />}
        {busy ? t('auth:google.loading') : t('auth:google.continue')}
      </Button>
      {available ? null : (
        <p id={noteId} className="mt-2 text-center text-xs text-stone-600">
          {t('auth:oauth.notConfigured')}
        </p>
      )}
    </div>
  );
}
