import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { HeldCounterCode } from '@shared/stamps/stamps';
import { isSignedCode } from '@shared/stamps/codes';
import * as stampsApi from '@shared/stamps/contract';
import * as accountsApi from '@shared/accounts/contract';
import { useTranslation } from '@client/lib/translation';
import { ApiError, callApi } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { adoptNewSession } from '@client/features/accounts/session-cache';
import { PhoneSignInForm } from '@client/features/accounts/components/phone-sign-in-form';
import { useCollectStamp } from '@client/features/stamps/api/collect-stamp';
import { StampOutcomeBanner, stampFailureMessage, type ScanOutcome } from './stamp-outcome';
import '@client/lib/customer-texts';

/**
 * The held code of a counter link opened while signed out, kept for this tab: a reload, or the
 * e-mail sign-in and back, still collects with it (the counter code itself is used up).
 */
const heldKey = (code: string) => `chaska.held-code:${code}`;

function readHeld(code: string): HeldCounterCode | null {
  try {
    const text = sessionStorage.getItem(heldKey(code));
    const held = text ? (JSON.parse(text) as HeldCounterCode) : null;
    return held && Date.parse(held.holdUntil) > Date.now() ? held : null;
  } catch {
    return null;
  }
}

function keepHeld(code: string, held: HeldCounterCode) {
  try {
    sessionStorage.setItem(heldKey(code), JSON.stringify(held));
  } catch {
    // Private mode without storage: the page still holds it in memory.
  }
}

/**
 * /c/<code>: the counter's QR opened by the phone's own camera. Signed in, the stamp is collected
 * as the page opens (a POST from the page, never the GET: link previews take nothing). Signed
 * out, the code is held for this phone and one screen asks for the mobile number and its code;
 * the stamp follows the sign-in, and the first name is asked after it, optional.
 */
export function CounterLinkPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation('customer');
  const { user, isLoading } = useSession();
  // The stamp is asked for at once, beside the session's own question: a returning customer
  // saves a round trip on a slow network, and a 401 says "signed out" as well as the session.
  const [refused, setRefused] = useState(false);
  useDocumentTitle(t('customer:counterLink.title'));
  const signedOut = refused || (!isLoading && !user);
  return (
    <PageContainer width="narrow">
      {signedOut ? (
        <SignInToCollect code={code} onSignedIn={() => setRefused(false)} />
      ) : (
        <CollectNow code={code} onSignedOut={() => setRefused(true)} />
      )}
    </PageContainer>
  );
}

function CollectNow({ code, onSignedOut }: { code: string; onSignedOut: () => void }) {
  const { t } = useTranslation('customer');
  const { user } = useSession();
  const collect = useCollectStamp();
  // Decided once the stamp is in: saving the name renews the session, and its thanks stay.
  const [nameWanted, setNameWanted] = useState<boolean | null>(null);
  // Not even shaped like a counter code: said at once, without asking the server.
  const [outcome, setOutcome] = useState<ScanOutcome | null>(() =>
    readHeld(code) || isSignedCode(code) ? null : { tone: 'error', message: t('customer:scanError.invalid') },
  );
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const held = readHeld(code);
    if (!held && !isSignedCode(code)) return;
    collect
      .mutateAsync(held?.heldCode ?? code)
      .then((result) => {
        setOutcome({ tone: 'success', result });
        sessionStorage.removeItem(heldKey(code));
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return onSignedOut();
        setOutcome({ tone: 'error', message: stampFailureMessage(error, t) });
        sessionStorage.removeItem(heldKey(code));
      });
  }, [code, collect, onSignedOut, t]);

  if (outcome?.tone === 'success' && nameWanted === null && user) setNameWanted(user.name === '');
  if (!outcome) return <Spinner label={t('customer:counterLink.collecting')} />;
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <StampOutcomeBanner outcome={outcome} onClose={() => undefined} />
      {outcome.tone === 'success' && nameWanted ? <FirstNameForm /> : null}
      <Button asChild variant="outline">
        <Link to="/user">{t('customer:counterLink.myCards')}</Link>
      </Button>
    </div>
  );
}

function FirstNameForm() {
  const { t } = useTranslation('customer');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [state, setState] = useState<'editing' | 'saving' | 'saved' | 'skipped'>('editing');
  const [error, setError] = useState<string | undefined>();
  if (state === 'skipped') return null;
  if (state === 'saved') return <Banner tone="success">{t('customer:counterLink.nameSaved', { name })}</Banner>;

  async function save(event: FormEvent) {
    event.preventDefault();
    setState('saving');
    setError(undefined);
    try {
      const me = await callApi(accountsApi.setFirstName, { body: { name } });
      await adoptNewSession(queryClient, me);
      setState('saved');
    } catch (failure) {
      setError(stampFailureMessage(failure, t));
      setState('editing');
    }
  }

  return (
    <Card title={t('customer:counterLink.nameTitle')}>
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-3">
        <FormField label={t('customer:counterLink.nameLabel')} error={error}>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="given-name"
            disabled={state === 'saving'}
          />
        </FormField>
        <div className="flex gap-3">
          <Button type="submit" busy={state === 'saving'} disabled={name.trim() === ''}>
            {t('customer:counterLink.nameSave')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setState('skipped')}>
            {t('customer:counterLink.nameSkip')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SignInToCollect({ code, onSignedIn }: { code: string; onSignedIn: () => void }) {
  const { t } = useTranslation('customer');
  const queryClient = useQueryClient();
  const { features } = useSession();
  const [held, setHeld] = useState<HeldCounterCode | null>(() => readHeld(code));
  // Not even shaped like a counter code: said at once, without asking the server.
  const [error, setError] = useState<string | null>(() =>
    isSignedCode(code) ? null : t('customer:scanError.invalid'),
  );
  const started = useRef(false);
  useEffect(() => {
    if (started.current || held || error) return;
    started.current = true;
    callApi(stampsApi.holdCounterCode, { body: { code } })
      .then((answer) => {
        keepHeld(code, answer);
        setHeld(answer);
      })
      .catch((failure: unknown) => setError(stampFailureMessage(failure, t)));
  }, [code, held, error, t]);

  if (error) {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="error" title={error} />
        <Button asChild variant="outline">
          <Link to="/">{t('customer:counterLink.openChaska')}</Link>
        </Button>
      </div>
    );
  }
  if (!held) return <Spinner label={t('customer:counterLink.opening')} />;
  const signInPath = `/auth?next=${encodeURIComponent(`/c/${code}`)}`;
  return (
    <div className="flex flex-col gap-5">
      <header className="text-center">
        <p className="text-sm font-semibold text-brand-700">{held.card.businessName}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">{held.card.name}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {t('customer:counterLink.reward', { count: held.card.stampsRequired, reward: held.card.rewardTitle })}
        </p>
      </header>
      <Card title={t('customer:counterLink.signInTitle')}>
        {features.phoneSignIn ? (
          <PhoneSignInForm
            sendLabel={t('customer:counterLink.sendCode')}
            onSignedIn={async (me) => {
              await adoptNewSession(queryClient, me);
              onSignedIn();
            }}
          />
        ) : null}
        <p className="mt-4 text-center text-sm text-stone-600">
          <Link to={signInPath} className="font-semibold text-brand-700 hover:underline">
            {t('customer:counterLink.useEmail')}
          </Link>
        </p>
      </Card>
    </div>
  );
}
