import { Send } from 'lucide-react';
import { Button, type ButtonVariant } from '@client/components/ui/button';
import { useResendVerification } from '@client/features/accounts/api/resend-verification';
import { serverErrorText } from '@client/features/accounts/error-text';

/** Sends a fresh verification link (valid 24 hours) and says where it went. */
export function ResendVerificationButton({ email, variant = 'primary' }: { email: string; variant?: ButtonVariant }) {
  const resend = useResendVerification();
  return (
    <div className="flex flex-col items-center gap-2 sm:items-start">
      <Button variant={variant} size="sm" busy={resend.isPending} onClick={() => resend.mutate()}>
        <Send aria-hidden="true" />
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Send it again' : 'Resend verification e-mail'}
      </Button>
      <p role="status" className="text-sm">
        {resend.isSuccess ? (
          <span className="text-green-800">
            We have sent a new link to <strong className="break-words">{email}</strong>.
          </span>
        ) : resend.isError ? (
          <span className="text-red-700">
            {serverErrorText(resend.error) ?? 'Something went wrong. Please try again.'}
          </span>
        ) : null}
      </p>
    </div>
  );
}
