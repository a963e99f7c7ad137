import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { Me } from '@shared/accounts/accounts';
import authTexts from '@shared/i18n/en/auth';
import { BrandLogo } from '@client/components/brand-logo';
import { Banner } from '@client/components/ui/banner';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { registerCatalogue } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession } from '@client/lib/use-session';
import { useInteractive } from '@client/lib/use-browser-value';
import { isOnTheWayToApply, nextPathAfterSignIn } from '@client/features/accounts/next-path';
import { ApplicationSteps } from '@client/components/vendor-area/application-steps';
import { adoptNewSession } from '@client/features/accounts/session-cache';
import type { AuthBusy } from './auth-panel-frame';
import { SecuredBy, TermsLine, VerificationNotice } from './auth-notes';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInPanel } from './sign-in-panel';
import { SignUpPanel } from './sign-up-panel';
import { PhoneSignInForm } from './phone-sign-in-form';

registerCatalogue('auth', authTexts);

const AUTH_MODES = ['sign-in', 'sign-up'] as const;
type AuthMode = (typeof AUTH_MODES)[number];

/** The hidden GET form a mode switch submits before the page is interactive. */
const modeFormId = (mode: AuthMode) => `auth-mode-${mode}`;

/** Messages other screens hand to /auth through navigation state. */
export interface AuthPageState {
  /** A failed Google sign-in reported by /auth/callback when it was not in a popup. */
  oauthError?: string;
  /** For example "password changed" from /reset-password. */
  notice?: string;
}

const linkButtonClass =
  'rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline disabled:pointer-events-none disabled:opacity-50';

/**
 * /auth: a mobile number and a code first (where codes can be sent), then sign in (default) and
 * sign up with e-mail and password or Google (SPEC.md "Authentication").
 */
export function AuthPage() {
  const { user, isLoading, features } = useSession();
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const location = useLocation();
  const arrival = (location.state ?? {}) as AuthPageState;
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
  const forgotPassword = mode === 'sign-in' && params.get('view') === 'forgot-password';
  const interactive = useInteractive();
  const [busy, setBusy] = useState<AuthBusy>(null);
  const [resetEmail, setResetEmail] = useState('');
  // On the way to the vendor application, /auth is its first step and says so (not "Welcome back!").
  const applying = isOnTheWayToApply(params.get('next')) && !forgotPassword;
  useDocumentTitle(
    t(
      applying
        ? 'common:apply.title'
        : forgotPassword
          ? 'auth:reset.title'
          : mode === 'sign-up'
            ? 'auth:signUp.title'
            : 'auth:signIn.title',
    ),
  );

  if (isLoading) return <FullPageSpinner label={t('auth:page.loading')} />;
  // Signed in already (or just now): on to the page that sent them here, or the dashboard.
  if (user) return <Navigate to={nextPathAfterSignIn(params.get('next'))} replace />;

  function show(next: { mode: AuthMode; view?: 'forgot-password' }) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.mode === 'sign-up') updated.set('mode', 'sign-up');
        else updated.delete('mode');
        if (next.view) updated.set('view', next.view);
        else updated.delete('view');
        return updated;
      },
      { replace: true, state: location.state as unknown },
    );
  }

  // The redirect above takes over once the session query holds the new user.
  const onSignedIn = (me?: Me) => adoptNewSession(queryClient, me);
  // A staff invitation's link names the invited address (join-vendor-page.tsx): both forms start with it.
  const panelProps = {
    busy,
    onBusyChange: setBusy,
    googleAvailable: features.google,
    onSignedIn,
    initialEmail: params.get('email') ?? '',
    headingLevel: applying ? (2 as const) : undefined,
  };
  const working = busy !== null;
  // A tap on a mode switch before the page is interactive (decision 059) submits a hidden GET
  // form below, and the server draws that mode; once interactive, the click is React's.
  const switchTo = (target: AuthMode) => ({
    type: 'submit' as const,
    form: modeFormId(target),
    onClick: (event: { preventDefault(): void }) => {
      if (!interactive) return;
      event.preventDefault();
      show({ mode: target });
    },
  });
  const toSignIn = switchTo('sign-in');
  const toSignUp = switchTo('sign-up');
  const keptParams = [...params].filter(([name]) => name !== 'mode' && name !== 'view');

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-8 sm:py-12">
      <div className="flex flex-col items-center gap-1 text-center">
        <BrandLogo />
        <p className="text-sm font-semibold text-brand-700">{t('auth:tagline')}</p>
      </div>

      {applying ? (
        <header className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('common:apply.title')}</h1>
          <p className="text-sm text-stone-700">{t('auth:apply.intro')}</p>
          <ApplicationSteps current={1} />
        </header>
      ) : null}

      {arrival.notice ? <Banner tone="success">{arrival.notice}</Banner> : null}

      {AUTH_MODES.map((target) => (
        <form key={target} id={modeFormId(target)} method="get" action="/auth" hidden>
          {keptParams.map(([name, value], index) => (
            <input key={`${index}:${name}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="mode" value={target} />
        </form>
      ))}

      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        {features.phoneSignIn && !forgotPassword ? (
          <section aria-labelledby="phone-sign-in-title" className="mb-6 flex flex-col gap-4">
            <header className="text-center">
              <h2 id="phone-sign-in-title" className="text-xl font-bold tracking-tight text-stone-900">
                {t('auth:phone.title')}
              </h2>
              <p className="mt-1 text-sm text-stone-600">{t('auth:phone.subtitle')}</p>
            </header>
            <PhoneSignInForm
              onSignedIn={onSignedIn}
              disabled={working && busy !== 'phone'}
              onBusyChange={(value) => setBusy(value ? 'phone' : null)}
            />
            <div className="flex items-center gap-3 pt-2" role="separator" aria-label={t('auth:phone.orEmail')}>
              <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
              <span aria-hidden="true" className="text-sm text-stone-500">
                {t('auth:phone.orEmail')}
              </span>
              <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
            </div>
          </section>
        ) : null}
        {forgotPassword ? (
          <ForgotPasswordForm
            defaultEmail={resetEmail}
            onBusyChange={(value) => setBusy(value ? 'form' : null)}
            back={toSignIn}
          />
        ) : (
          <Tabs value={mode} onValueChange={(value) => show({ mode: value as AuthMode })}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in" disabled={working} {...toSignIn}>
                {t('auth:tabs.signIn')}
              </TabsTrigger>
              <TabsTrigger value="sign-up" disabled={working} {...toSignUp}>
                {t('auth:tabs.signUp')}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="mt-6">
              <SignInPanel
                {...panelProps}
                initialError={arrival.oauthError}
                onForgotPassword={(email) => {
                  setResetEmail(email);
                  show({ mode: 'sign-in', view: 'forgot-password' });
                }}
              />
            </TabsContent>
            <TabsContent value="sign-up" className="mt-6">
              <SignUpPanel {...panelProps} />
            </TabsContent>
          </Tabs>
        )}

        <p className="mt-6 border-t border-stone-200 pt-5 text-center text-sm text-stone-600">
          <Trans
            i18nKey={mode === 'sign-in' ? 'auth:switch.toSignUp' : 'auth:switch.toSignIn'}
            components={{
              switch: (
                <button
                  className={linkButtonClass}
                  disabled={working}
                  {...(mode === 'sign-in' ? toSignUp : toSignIn)}
                />
              ),
            }}
          />
        </p>
      </div>

      <VerificationNotice />
      <TermsLine />
      <SecuredBy />
    </div>
  );
}
