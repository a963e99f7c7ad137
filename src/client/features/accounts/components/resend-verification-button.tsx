import { Send } from 'lucide-react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Button, type ButtonVariant } from '@client/components/ui/button';
import { useResendVerification } from '@client/features/accounts/api/resend-verification';
import '@client/features/accounts/account-texts';
import { serverErrorText } from '@client/features/accounts/error-text';

/** Sends a fresh verification link (valid 24 hours) and says where it went. */
export function ResendVerificationButton({ email, variant = 'primary' }: { email: string; variant?: ButtonVariant }) {
  const { t } = useTranslation('account');
  const resend = useResendVerification();
  return (
    <div className="flex flex-col items-center gap-2 sm:items-start">
      <Button variant={variant} size="sm" busy={resend.isPending} onClick={() => resend.mutate()}>
        <Send aria-hidden="true" />
        {t(
          resend.isPending
            ? 'account:resend.sending'
            : resend.isSuccess
              ? 'account:resend.again'
              : 'account:resend.send',
        )}
      </Button>
      <p role="status" className="text-sm">
        {resend.isSuccess ? (
          <span className="text-green-800">
            <Trans
              i18nKey="account:resend.sent"
              values={{ email }}
              components={{ email: <strong className="break-words" /> }}
            />
          </span>
        ) : resend.isError ? (
          <span className="text-red-700">{serverErrorText(resend.error) ?? t('account:somethingWrong')}</span>
        ) : null}
      </p>
    </div>
  );
}
