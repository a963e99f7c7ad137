import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';

/** SPEC.md: what to do when the verification e-mail does not come; the app works without it. */
export function VerificationNotice() {
  return (
    <div className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <p className="font-semibold">Waiting for the verification e-mail?</p>
      <p className="mt-1">
        If it has not arrived within 5 minutes, check your spam folder, check that the e-mail address is correct, or
        try another provider such as Google. You can still use {BRAND.name} while your e-mail is not verified.
      </p>
    </div>
  );
}

export function TermsLine() {
  return (
    <p className="text-center text-xs text-stone-600">
      By signing up, you agree to our Terms of Service and{' '}
      <Link to="/privacy" className="font-semibold text-brand-700 underline hover:text-brand-800">
        Privacy Policy
      </Link>
      .
    </p>
  );
}

/** "Secured by" and the mark of the sign-in provider the server runs (Better Auth). */
export function SecuredBy() {
  return (
    <p className="flex items-center justify-center gap-1.5 text-xs text-stone-500">
      Secured by
      <span className="inline-flex items-center gap-1 font-semibold text-stone-700">
        <ShieldCheck aria-hidden="true" className="size-4 text-green-700" />
        Better Auth
      </span>
    </p>
  );
}
