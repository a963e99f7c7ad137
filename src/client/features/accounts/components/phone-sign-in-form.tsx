import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation, useLanguage } from '@client/lib/translation';
import type { Me, PhoneCodeSent } from '@shared/accounts/accounts';
import {
  PHONE_CODE_LENGTH,
  nationalPhoneNumber,
  type PhoneCodeChannel,
  type PhoneCodePurpose,
} from '@shared/accounts/phone';
import * as accountsApi from '@shared/accounts/contract';
import { ApiError, callApi } from '@client/lib/api-client';
import { Banner } from '@client/components/ui/banner';
import { FormField, Input } from '@client/components/ui/form-field';
import { AuthForm, AuthSubmitButton } from './auth-form-parts';
import authTexts from '@shared/i18n/en/auth';
import { registerCatalogue } from '@client/lib/i18n';

// Its texts travel with it: /auth and the counter link page both show it.
registerCatalogue('auth', authTexts);

export interface PhoneSignInFormProps {
  /**
   * Called once the code is accepted: signing in, the server has a session (a new number has an
   * account by then); adding a number, the signed-in account has it.
   */
  onSignedIn: (me: Me) => Promise<void>;
  /** sign_in (the default), or add_phone: the signed-in account adds this number. */
  purpose?: PhoneCodePurpose;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  /** Said on the button that sends the code, for example "Send code and collect stamp". */
  sendLabel?: string;
}

type Errors = { phoneNumber?: string; code?: string; form?: string };

function errorsOf(failure: unknown, fallback: string): Errors {
  if (!(failure instanceof ApiError)) return { form: fallback };
  if (failure.fields?.phoneNumber) return { phoneNumber: failure.fields.phoneNumber };
  if (failure.fields?.code) return { code: failure.fields.code };
  return { form: failure.message };
}

/** Where the code went, as the code step says it. `log`: no provider is set up (development, the demo). */
const SENT_BY = {
  whatsapp: 'auth:phone.sentByWhatsApp',
  sms: 'auth:phone.sentBySms',
  log: 'auth:phone.sentToLog',
} as const satisfies Record<PhoneCodeChannel, string>;

/**
 * A mobile number, then the 6-digit code sent to it by WhatsApp or SMS: one form for signing in
 * and signing up (a new number gets an account). The code field takes the browser's offer of
 * the code from the message (autocomplete="one-time-code", and WebOTP where Chrome has it).
 */
export function PhoneSignInForm({
  onSignedIn,
  purpose = 'sign_in',
  onBusyChange,
  disabled = false,
  sendLabel,
}: PhoneSignInFormProps) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  // The number as typed, kept for "Change number"; the field itself is uncontrolled, so what a
  // visitor typed before the page was interactive is still there, and sent (decision 059).
  const [typedNumber, setTypedNumber] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const working = busy || disabled;

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  // WebOTP: Chrome on Android reads the code from the SMS once the person allows it.
  useEffect(() => {
    if (!sent || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    const credentials = navigator.credentials as CredentialsContainer & {
      get(options: { otp: { transport: string[] }; signal: AbortSignal }): Promise<{ code?: string } | null>;
    };
    credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal })
      .then((credential) => {
        if (credential?.code) setCode(credential.code);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [sent]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    onBusyChange?.(true);
    setErrors({});
    try {
      await work();
    } catch (failure) {
      setErrors(errorsOf(failure, t('auth:phone.failed')));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  const sendCode = (phoneNumber: string, bySms = false) =>
    run(async () => {
      if (phoneNumber.trim() === '') {
        setErrors({ phoneNumber: t('auth:phone.numberMissing') });
        return;
      }
      setTypedNumber(phoneNumber);
      const answer = await callApi(accountsApi.sendPhoneCode, {
        body: { phoneNumber, purpose, language, ...(bySms ? { channel: 'sms' as const } : {}) },
      });
      setSent(answer);
      setCode('');
      setResendIn(answer.resendAfterSeconds);
    });

  const signIn = (typedCode: string) =>
    run(async () => {
      const body = { phoneNumber: sent!.phoneNumber, code: typedCode.trim() };
      const me =
        purpose === 'add_phone'
          ? await callApi(accountsApi.addPhone, { body })
          : await callApi(accountsApi.signInWithPhone, { body: { ...body, language } });
      await onSignedIn(me);
    });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('phoneNumber');
    void (sent ? signIn(code) : sendCode(typeof typed === 'string' ? typed : ''));
  }

  const codeHint = sent ? t(SENT_BY[sent.channel], { number: nationalPhoneNumber(sent.phoneNumber) }) : undefined;

  return (
    <AuthForm onFocus={() => undefined} onSubmit={submit}>
      {errors.form ? (
        <Banner tone="error" title={t('auth:phone.errorTitle')}>
          {errors.form}
        </Banner>
      ) : null}
      {sent ? (
        <>
          <p className="text-sm text-stone-700">
            {codeHint}
            {/* WhatsApp tells the server later that it could not deliver; the code then comes by SMS. */}
            {sent.channel === 'whatsapp' && sent.smsInstead ? ` ${t('auth:phone.smsIfNoWhatsApp')}` : null}
          </p>
          <FormField label={t('auth:phone.code')} error={errors.code} required>
            <Input
              name="code"
              value={code}
              onChange={(event) => {
                const next = event.target.value.replace(/[^0-9]/g, '').slice(0, PHONE_CODE_LENGTH);
                setCode(next);
                // The sixth digit (typed, or the code the keyboard offers from the message) sends it.
                if (next.length === PHONE_CODE_LENGTH && !busy) void signIn(next);
              }}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={PHONE_CODE_LENGTH}
              placeholder={t('auth:phone.codePlaceholder')}
              disabled={working}
              autoFocus
            />
          </FormField>
          <Banner tone="warning">{t('auth:phone.neverShare')}</Banner>
          <AuthSubmitButton busy={busy} disabled={working || code.length !== PHONE_CODE_LENGTH}>
            {busy ? t('auth:phone.checking') : t('auth:phone.confirm')}
          </AuthSubmitButton>
          <div className="flex justify-between gap-3 text-sm">
            <button
              type="button"
              className="rounded font-semibold text-brand-700 hover:underline disabled:opacity-50"
              disabled={working}
              onClick={() => {
                setSent(null);
                setErrors({});
              }}
            >
              {t('auth:phone.changeNumber')}
            </button>
            <button
              type="button"
              className="rounded font-semibold text-brand-700 hover:underline disabled:opacity-50"
              disabled={working || resendIn > 0}
              onClick={() => void sendCode(typedNumber, sent.smsInstead)}
            >
              {resendIn > 0
                ? t('auth:phone.resendIn', { count: resendIn })
                : t(sent.smsInstead ? 'auth:phone.sendBySms' : 'auth:phone.resend')}
            </button>
          </div>
        </>
      ) : (
        <>
          <FormField
            label={t('auth:phone.number')}
            error={errors.phoneNumber}
            hint={t('auth:phone.numberHint')}
            required
          >
            <Input
              name="phoneNumber"
              type="tel"
              defaultValue={typedNumber}
              autoComplete="tel-national"
              inputMode="tel"
              dir="ltr"
              placeholder={t('auth:phone.numberPlaceholder')}
              disabled={working}
            />
          </FormField>
          <AuthSubmitButton busy={busy} disabled={working}>
            {busy ? t('auth:phone.sending') : (sendLabel ?? t('auth:phone.send'))}
          </AuthSubmitButton>
        </>
      )}
    </AuthForm>
  );
}
