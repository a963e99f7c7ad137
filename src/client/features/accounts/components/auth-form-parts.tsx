import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { useInteractive } from '@client/lib/use-browser-value';

/**
 * The centred title and line of text above every form on /auth: the page's heading, or the
 * second level under the vendor application's own title.
 */
export function AuthHeading({ title, subtitle, level = 1 }: { title: string; subtitle: string; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="text-center">
      <Heading className="text-2xl font-bold tracking-tight text-stone-900">{title}</Heading>
      <p className="mt-1 text-sm text-stone-600">{subtitle}</p>
    </header>
  );
}

/**
 * A form on /auth: the browser's own checks are off (the fields show ours), and focusing any
 * field starts loading the validation rules. The server renders /auth (decision 053), so the form
 * is in the page before its script; it posts, should it ever be sent natively, so that a password
 * never lands in an address, and its submit button (AuthSubmitButton) waits for the script.
 */
export function AuthForm({
  onSubmit,
  onFocus,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus: () => void;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate onFocus={onFocus} onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
    </form>
  );
}

/**
 * The submit button of a form on /auth. Until the page is interactive it is disabled: a tap would
 * otherwise send the form natively (the fields stay typed in and are sent once it is enabled).
 */
export function AuthSubmitButton({
  busy,
  disabled = false,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const interactive = useInteractive();
  return (
    <Button type="submit" size="lg" className="w-full" busy={busy} disabled={disabled || !interactive}>
      {children}
    </Button>
  );
}

/** The e-mail address field of the sign-in, sign-up and reset forms. */
export function EmailField({
  error,
  disabled,
  registration,
}: {
  error: string | undefined;
  disabled: boolean;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormField label={t('auth:field.email')} error={error} required>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth:field.emailPlaceholder')}
        disabled={disabled}
        {...registration}
      />
    </FormField>
  );
}
