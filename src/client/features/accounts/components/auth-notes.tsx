import { ShieldCheck } from 'lucide-react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';

/** SPEC.md: what to do when the verification e-mail does not come; the app works without it. */
export function VerificationNotice() {
  const { t } = useTranslation('auth');
  return (
    <div className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <p className="font-semibold">{t('auth:verification.title')}</p>
      <p className="mt-1">{t('auth:verification.text')}</p>
    </div>
  );
}

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

export function TermsLine() {
  useTranslation('auth');
  return (
    <p className="text-center text-xs text-stone-600">
      <Trans
        i18nKey="auth:terms.line"
        components={{
          terms: <Link to="/terms" className={linkClass} />,
          privacy: <Link to="/privacy" className={linkClass} />,
        }}
      />
    </p>
  );
}

/** "Secured by" and the mark of the sign-in provider the server runs (Better Auth). */
export function SecuredBy() {
  const { t } = useTranslation('auth');
  return (
    <p className="flex items-center justify-center gap-1.5 text-xs text-stone-500">
      {t('auth:securedBy')}
      <span className="inline-flex items-center gap-1 font-semibold text-stone-700">
        <ShieldCheck aria-hidden="true" className="size-4 text-green-700" />
        {t('auth:securedByName')}
      </span>
    </p>
  );
}
