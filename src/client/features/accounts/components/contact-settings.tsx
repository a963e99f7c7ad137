import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Mail, Send, Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from '@client/lib/translation';
import { addEmailSchema, type AccountContacts, type AddEmailInput } from '@shared/accounts/accounts';
import { nationalPhoneNumber } from '@shared/accounts/phone';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { showFieldErrors } from '@client/lib/form-errors';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import '@client/features/accounts/account-texts';
import { useAddEmail } from '@client/features/accounts/api/add-email';
import { useRequestPasswordReset } from '@client/features/accounts/api/request-password-reset';
import { serverErrorText } from '@client/features/accounts/error-text';
import { PhoneSignInForm } from './phone-sign-in-form';

function ContactRow({
  icon,
  label,
  value,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 text-stone-500 [&>svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm text-stone-600">{label}</p>
          <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm font-medium break-words text-stone-900">
            {value}
          </div>
        </div>
      </div>
      {children}
    </li>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('account');
  return verified ? (
    <Badge tone="green">{t('account:contacts.verified')}</Badge>
  ) : (
    <Badge tone="yellow">{t('account:contacts.notVerified')}</Badge>
  );
}

/** A number for the account: the code step of the phone sign-in, adding the number instead of signing in. */
function AddPhone() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          {t('account:contacts.addPhone')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4">
      <p className="text-sm text-stone-700">{t('account:contacts.addPhoneText')}</p>
      <PhoneSignInForm
        purpose="add_phone"
        onSignedIn={async () => {
          // The profile and the session both show the number now.
          await refreshAfterWrite(queryClient);
        }}
      />
    </div>
  );
}

/** A phone account's address: a link to it, and until it is opened the account signs in by phone. */
function AddEmail({ pendingEmail }: { pendingEmail: string | null }) {
  const { t } = useTranslation('account');
  const add = useAddEmail();
  const form = useForm<AddEmailInput>({
    resolver: zodResolver(addEmailSchema),
    defaultValues: { email: pendingEmail ?? '' },
  });
  const submit = form.handleSubmit((values) =>
    add.mutateAsync(values).catch((error: unknown) => {
      showFieldErrors(form.setError, error);
    }),
  );
  const failure = add.isError && !form.formState.errors.email ? serverErrorText(add.error) : undefined;
  return (
    <div className="flex flex-col gap-3">
      {pendingEmail ? (
        <Banner tone="info" title={t('account:contacts.pendingTitle')}>
          <Trans
            i18nKey="account:contacts.pendingText"
            values={{ email: pendingEmail }}
            components={{ email: <strong className="break-words" /> }}
          />
        </Banner>
      ) : (
        <p className="text-sm text-stone-700">{t('account:contacts.addEmailText')}</p>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <FormField
          label={t('account:contacts.emailField')}
          error={form.formState.errors.email?.message}
          className="flex-1"
        >
          <Input type="email" autoComplete="email" dir="ltr" disabled={add.isPending} {...form.register('email')} />
        </FormField>
        <Button type="submit" size="sm" busy={add.isPending} className="sm:mt-6">
          <Send aria-hidden="true" />
          {pendingEmail ? t('account:contacts.sendAgain') : t('account:contacts.sendLink')}
        </Button>
      </form>
    </div>
  );
}

/** A verified address without a password: the reset link sets the first one (Better Auth adds the password sign-in). */
function SetPassword({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const request = useRequestPasswordReset();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-stone-700">{t('account:contacts.setPasswordText')}</p>
      <div>
        <Button variant="outline" size="sm" busy={request.isPending} onClick={() => request.mutate(email)}>
          {t('account:contacts.setPassword')}
        </Button>
      </div>
      <p role="status" className="text-sm">
        {request.isSuccess ? (
          <span className="text-green-800">
            <Trans
              i18nKey="account:contacts.setPasswordSent"
              values={{ email }}
              components={{ email: <strong className="break-words" /> }}
            />
          </span>
        ) : request.isError ? (
          <span className="text-red-700">{serverErrorText(request.error) ?? t('account:somethingWrong')}</span>
        ) : null}
      </p>
    </div>
  );
}

/**
 * The account's contacts on the profile page (issue 45): the mobile number and the e-mail
 * address, each verified or not, and what to add: a number to an e-mail account, an address (and
 * then a password) to a phone account.
 */
export function ContactSettings({ contacts, phoneSignIn }: { contacts: AccountContacts; phoneSignIn: boolean }) {
  const { t } = useTranslation('account');
  return (
    <ul className="flex flex-col divide-y divide-stone-200">
      <ContactRow
        icon={<Smartphone />}
        label={t('account:contacts.mobile')}
        value={
          contacts.phoneNumber ? (
            <>
              <bdi dir="ltr">{nationalPhoneNumber(contacts.phoneNumber)}</bdi>
              <VerifiedBadge verified={contacts.phoneVerified} />
            </>
          ) : (
            t('account:contacts.notAdded')
          )
        }
      >
        {contacts.phoneNumber || !phoneSignIn ? null : <AddPhone />}
      </ContactRow>
      <ContactRow
        icon={<Mail />}
        label={t('account:contacts.email')}
        value={
          contacts.email ? (
            <>
              <bdi dir="ltr">{contacts.email}</bdi>
              <VerifiedBadge verified={contacts.emailVerified} />
            </>
          ) : (
            t('account:contacts.notAdded')
          )
        }
      >
        {contacts.email ? null : <AddEmail pendingEmail={contacts.pendingEmail} />}
      </ContactRow>
      {contacts.email ? (
        <ContactRow
          icon={<KeyRound />}
          label={t('account:contacts.password')}
          value={contacts.hasPassword ? t('account:contacts.passwordSet') : t('account:contacts.notAdded')}
        >
          {!contacts.hasPassword && contacts.emailVerified ? <SetPassword email={contacts.email} /> : null}
        </ContactRow>
      ) : null}
    </ul>
  );
}
