import { zodResolver } from '@hookform/resolvers/zod';
import { LayoutDashboard, Save } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link, useNavigate } from 'react-router';
import { profileSchema, type ProfileInput, type ProfileResponse } from '@shared/accounts/accounts';
import { GENDER_LABEL_KEYS, GENDERS } from '@shared/accounts/users';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession } from '@client/lib/use-session';
import '@client/features/accounts/account-texts';
import '@client/features/accounts/form-texts';
import { useProfile } from '@client/features/accounts/api/get-profile';
import { useUpdateProfile } from '@client/features/accounts/api/update-profile';
import { serverErrorText } from '@client/features/accounts/error-text';
import { ContactSettings } from './contact-settings';
import { ResendVerificationButton } from './resend-verification-button';
import { SignOutButton } from './sign-out-button';
import { TwoFactorSettings } from './two-factor-settings';
import { CityOptions } from '@client/components/place-options';

/** Long enough to read the success message, short enough not to wait for. */
const REDIRECT_AFTER_SAVE_MS = 1500;
const PROFILE_FIELDS = ['name', 'surname', 'phone', 'city', 'dateOfBirth', 'gender'] as const;

function formValuesOf(profile: ProfileResponse): ProfileInput {
  // Empty strings stand for "not chosen yet"; the schema refuses them with a clear message.
  return {
    name: profile.name,
    surname: profile.surname,
    phone: profile.phone ?? '',
    city: (profile.city ?? '') as ProfileInput['city'],
    dateOfBirth: profile.dateOfBirth ?? '',
    gender: (profile.gender ?? '') as ProfileInput['gender'],
  };
}

function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), defaultValues: formValuesOf(profile) });
  const { errors } = form.formState;
  const saving = update.isPending;

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = setTimeout(() => void navigate('/user'), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      // The server checks the same rules; its answer is shown beside each field it names.
      if (error instanceof ApiError && error.fields) {
        for (const field of PROFILE_FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {update.isSuccess ? (
        <Banner
          tone="success"
          title={t('account:profile.savedTitle')}
          action={
            <Button asChild size="sm">
              <Link to="/user">
                <LayoutDashboard aria-hidden="true" />
                {t('account:toDashboard')}
              </Link>
            </Button>
          }
        >
          {t('account:profile.savedText')}
        </Banner>
      ) : null}
      {update.isError && !(update.error instanceof ApiError && update.error.fields) ? (
        <Banner tone="error" title={t('account:profile.failedTitle')}>
          {serverErrorText(update.error) ?? t('account:somethingWrong')}
        </Banner>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('account:profile.firstName')} error={errors.name?.message} required>
          <Input autoComplete="given-name" disabled={saving} {...form.register('name')} />
        </FormField>
        <FormField label={t('account:profile.lastName')} error={errors.surname?.message} required>
          <Input autoComplete="family-name" disabled={saving} {...form.register('surname')} />
        </FormField>
        {profile.contacts.email ? (
          <FormField label={t('account:profile.email')} hint={t('account:profile.emailHint')} className="sm:col-span-2">
            <Input type="email" value={profile.contacts.email} readOnly />
          </FormField>
        ) : null}
        <FormField label={t('account:profile.phone')} error={errors.phone?.message} required>
          <Input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('account:profile.phonePlaceholder')}
            disabled={saving}
            {...form.register('phone')}
          />
        </FormField>
        <FormField label={t('account:profile.city')} error={errors.city?.message} required>
          <Select disabled={saving} {...form.register('city')}>
            <option value="">{t('account:profile.cityPlaceholder')}</option>
            <CityOptions />
          </Select>
        </FormField>
        <FormField label={t('account:profile.dateOfBirth')} error={errors.dateOfBirth?.message} required>
          <Input
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            disabled={saving}
            {...form.register('dateOfBirth')}
          />
        </FormField>
        <FormField label={t('account:profile.gender')} error={errors.gender?.message} required>
          <Select disabled={saving} {...form.register('gender')}>
            <option value="">{t('account:profile.genderPlaceholder')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(GENDER_LABEL_KEYS[gender])}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/user">{t('account:cancel')}</Link>
        </Button>
        <Button type="submit" busy={saving} disabled={update.isSuccess}>
          <Save aria-hidden="true" />
          {saving ? t('account:saving') : t('account:profile.save')}
        </Button>
      </div>
    </form>
  );
}

function CompleteProfileContent() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const { features } = useSession();
  if (profile.isPending) return <FullPageSpinner label={t('account:profile.loading')} />;
  if (profile.isError) {
    return (
      <Banner
        tone="error"
        title={t('account:profile.loadFailed')}
        action={
          <Button size="sm" onClick={() => void profile.refetch()}>
            {t('account:tryAgain')}
          </Button>
        }
      >
        {serverErrorText(profile.error) ?? t('account:somethingWrong')}
      </Banner>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {profile.data.emailConfirmed ? null : (
        <Banner
          tone="warning"
          title={t('account:profile.confirmTitle')}
          action={<ResendVerificationButton email={profile.data.email} variant="outline" />}
        >
          <Trans
            i18nKey="account:profile.confirmText"
            values={{ email: profile.data.email }}
            components={{ email: <strong className="break-words" /> }}
          />
        </Banner>
      )}
      <Card>
        <ProfileForm profile={profile.data} />
      </Card>
      <Card
        title={t('account:contacts.title')}
        description={t('account:contacts.description')}
        aria-label={t('account:contacts.title')}
      >
        <ContactSettings contacts={profile.data.contacts} phoneSignIn={features.phoneSignIn} />
      </Card>
      <Card>
        <TwoFactorSettings />
      </Card>
    </div>
  );
}

/** /complete-profile (SPEC.md "Profile completion"): saves for real, then back to /user. */
export function CompleteProfilePage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('account:profile.title'));
  return (
    <RequireAuth>
      <PageContainer width="narrow">
        <PageHeader
          title={t('account:profile.title')}
          description={t('account:profile.description')}
          actions={<SignOutButton />}
        />
        <CompleteProfileContent />
      </PageContainer>
    </RequireAuth>
  );
}
