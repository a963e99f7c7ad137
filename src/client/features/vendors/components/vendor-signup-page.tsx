import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/vendor-texts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  vendorApplicationSchema,
  type SubmittedApplication,
  type VendorApplication,
  type VendorApplicationInput,
} from '@shared/marketplace/marketplace';
import { APPLICATION_FAILURE_MESSAGE, APPLICATION_SUCCESS_MESSAGE } from '@shared/marketplace/marketplace-display';
import { mayApplyAgain } from '@shared/vendors/vendors';
import { contactStateOf, hasVerifiedContact } from '@shared/accounts/contacts';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { showFieldErrors } from '@client/lib/form-errors';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { SessionUser } from '@client/lib/use-session';
import { useMyVendorApplication } from '@client/components/vendor-area/my-vendor-application';
import { ApplicationSteps } from '@client/components/vendor-area/application-steps';
import { VendorApplicationStatus } from '@client/components/vendor-area/vendor-application-status';
import { useSubmitVendorApplication } from '@client/features/vendors/api/submit-vendor-application';
import { CityOptions, VendorCategoryOptions } from '@client/components/place-options';

type FieldName = keyof VendorApplicationInput;

function isFieldName(name: string): name is FieldName {
  return name in vendorApplicationSchema.shape;
}

interface ApplicationFormProps {
  user: SessionUser;
  /** The earlier application, when applying again after a rejection. */
  previous?: SubmittedApplication | null;
}

function ApplicationForm({ user, previous }: ApplicationFormProps) {
  const { t } = useTranslation('vendor');
  const navigate = useNavigate();
  const submit = useSubmitVendorApplication();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<VendorApplicationInput, unknown, VendorApplication>({
    resolver: zodResolver(vendorApplicationSchema),
    defaultValues: previous ?? {
      business_name: '',
      business_category: 'restaurant',
      business_description: '',
      address: '',
      city: 'Lahore',
      area: '',
      phone: '',
      whatsapp: '',
      website: '',
      owner_name: `${user.name} ${user.surname}`.trim(),
      // A phone account's placeholder is no address to offer.
      owner_email: contactStateOf(user).email ?? '',
    },
  });
  const errors = form.formState.errors;
  const working = submit.isPending;

  function onValid(values: VendorApplication) {
    setFailure(null);
    submit.mutate(values, {
      // The same address now shows "what happens next", with SPEC.md's confirmation above it.
      onSuccess: () => void navigate('/vendor-signup', { replace: true, state: { applied: true } }),
      onError: (error) => {
        showFieldErrors(form.setError, error, (name) => (isFieldName(name) ? name : undefined));
        // A refusal with a reason (already a vendor, not verified) says so; anything else gets SPEC.md's text.
        setFailure(
          error instanceof ApiError && (error.status === 409 || error.status === 403)
            ? error.message
            : APPLICATION_FAILURE_MESSAGE,
        );
      },
    });
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-6">
      {failure ? (
        <Banner tone="error" title={failure}>
          {Object.keys(errors).length ? t('vendor:signup.checkFields') : undefined}
        </Banner>
      ) : null}

      <Card title={t('vendor:signup.business')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('vendor:signup.businessName')}
            required
            error={errors.business_name?.message}
            className="sm:col-span-2"
          >
            <Input autoComplete="organization" disabled={working} {...form.register('business_name')} />
          </FormField>
          <FormField label={t('vendor:signup.category')} required error={errors.business_category?.message}>
            <Select disabled={working} {...form.register('business_category')}>
              <VendorCategoryOptions />
            </Select>
          </FormField>
          <FormField
            label={t('vendor:signup.website')}
            error={errors.website?.message}
            hint={t('vendor:signup.optional')}
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={t('vendor:signup.websitePlaceholder')}
              disabled={working}
              {...form.register('website')}
            />
          </FormField>
          <FormField
            label={t('vendor:signup.description2')}
            error={errors.business_description?.message}
            hint={t('vendor:signup.descriptionHint')}
            className="sm:col-span-2"
          >
            <Textarea rows={3} disabled={working} {...form.register('business_description')} />
          </FormField>
        </div>
      </Card>

      <Card title={t('vendor:signup.location')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('vendor:signup.address')}
            required
            error={errors.address?.message}
            className="sm:col-span-2"
          >
            <Input
              autoComplete="street-address"
              placeholder={t('vendor:signup.addressPlaceholder')}
              disabled={working}
              {...form.register('address')}
            />
          </FormField>
          <FormField label={t('vendor:signup.city')} required error={errors.city?.message}>
            <Select disabled={working} {...form.register('city')}>
              <CityOptions />
            </Select>
          </FormField>
          <FormField label={t('vendor:signup.area')} required error={errors.area?.message}>
            <Input placeholder={t('vendor:signup.areaPlaceholder')} disabled={working} {...form.register('area')} />
          </FormField>
        </div>
      </Card>

      <Card title={t('vendor:signup.contact')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('vendor:signup.phone')} required error={errors.phone?.message}>
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('vendor:signup.phonePlaceholder')}
              disabled={working}
              {...form.register('phone')}
            />
          </FormField>
          <FormField
            label={t('vendor:signup.whatsapp')}
            error={errors.whatsapp?.message}
            hint={t('vendor:signup.optional')}
          >
            <Input
              type="tel"
              inputMode="tel"
              placeholder={t('vendor:signup.phonePlaceholder')}
              disabled={working}
              {...form.register('whatsapp')}
            />
          </FormField>
          <FormField label={t('vendor:signup.ownerName')} required error={errors.owner_name?.message}>
            <Input autoComplete="name" disabled={working} {...form.register('owner_name')} />
          </FormField>
          <FormField
            label={t('vendor:signup.ownerEmail')}
            required
            error={errors.owner_email?.message}
            hint={contactStateOf(user).email ? t('vendor:signup.ownerEmailHint', { email: user.email }) : undefined}
          >
            <Input type="email" autoComplete="email" disabled={working} {...form.register('owner_email')} />
          </FormField>
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">{t('vendor:signup.reviewTime')}</p>
        <Button type="submit" size="lg" busy={working}>
          {working ? t('vendor:signup.submitting') : t('vendor:signup.submit')}
        </Button>
      </div>
    </form>
  );
}

function AlreadyApplied({ businessName }: { businessName: string }) {
  const { t } = useTranslation('vendor');
  return (
    <Banner
      tone="info"
      title={t('vendor:signup.alreadyTitle')}
      action={
        <Button asChild size="sm">
          <Link to="/vendor">{t('vendor:signup.openDashboard')}</Link>
        </Button>
      }
    >
      {t('vendor:signup.alreadyText', { business: businessName })}
    </Banner>
  );
}

/**
 * The owner of a rejected application: why it was not approved, and the form again, prefilled
 * from that application, once they choose to apply again.
 */
function ApplyAgain({ user }: { user: SessionUser }) {
  const { t } = useTranslation('vendor');
  const status = useMyVendorApplication();
  const [applying, setApplying] = useState(false);
  if (status.isPending) return <Spinner label={t('vendor:signup.loading')} />;
  const application = status.data;
  if (applying) {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="info" title={t('vendor:signup.againTitle')}>
          <p>{t('vendor:signup.againText')}</p>
          {application?.rejectionReason ? (
            <p className="mt-1">{t('vendor:signup.reasonGiven', { reason: application.rejectionReason })}</p>
          ) : null}
        </Banner>
        <ApplicationForm user={user} previous={application?.application} />
      </div>
    );
  }
  return (
    <Banner
      tone="warning"
      title={t('vendor:signup.notApprovedTitle')}
      action={
        <Button size="sm" onClick={() => setApplying(true)}>
          {t('vendor:application.applyAgain')}
        </Button>
      }
    >
      <p>
        {t('vendor:application.rejectedText', {
          business: application?.businessName ?? user.membership?.businessName,
        })}
      </p>
      {application?.rejectionReason ? (
        <p className="mt-1">{t('vendor:application.reason', { reason: application.rejectionReason })}</p>
      ) : null}
      <p className="mt-1">{t('vendor:signup.welcomeAgain')}</p>
    </Banner>
  );
}

/** The second step of applying: the page's title, the steps, and the form (or the reason it is not shown). */
function ApplyStep({ children }: { children: ReactNode }) {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('common:apply.title'));
  return (
    <>
      <PageHeader title={t('common:apply.title')} description={t('vendor:signup.description')} />
      <div className="mb-6">
        <ApplicationSteps current={2} />
      </div>
      {children}
    </>
  );
}

/** Said before the form (issue 40): only an account with a verified address or number may apply. */
function VerifyFirst() {
  const { t } = useTranslation('vendor');
  return (
    <Banner
      tone="warning"
      title={t('vendor:signup.verifyFirstTitle')}
      action={
        <Button asChild size="sm">
          <Link to="/complete-profile">{t('vendor:signup.verifyFirstAction')}</Link>
        </Button>
      }
    >
      {t('vendor:signup.verifyFirstText')}
    </Banner>
  );
}

/** The third step: the application is in, and the owner reads what happens next and where it stands. */
function WhatHappensNext() {
  const { t } = useTranslation('vendor');
  const applied = (useLocation().state as { applied?: boolean } | null)?.applied === true;
  const status = useMyVendorApplication();
  useDocumentTitle(t('vendor:next.title'));
  return (
    <>
      <PageHeader title={t('vendor:next.title')} />
      <div className="mb-6">
        <ApplicationSteps current={3} />
      </div>
      <div className="flex flex-col gap-6">
        {applied ? <Banner tone="success">{APPLICATION_SUCCESS_MESSAGE}</Banner> : null}
        {status.isPending ? <Spinner label={t('vendor:signup.loading')} /> : null}
        {status.data ? <VendorApplicationStatus application={status.data} /> : null}
      </div>
    </>
  );
}

function SignupScreen({ user }: { user: SessionUser }) {
  const membership = user.membership;
  // Only an account with a verified address or number may apply (issue 40): the reason, not the form.
  const mayApply = hasVerifiedContact(contactStateOf(user));
  if (!membership) {
    return <ApplyStep>{mayApply ? <ApplicationForm user={user} /> : <VerifyFirst />}</ApplyStep>;
  }
  if (membership.role === 'owner' && membership.vendorStatus === 'pending') return <WhatHappensNext />;
  if (membership.role === 'owner' && mayApplyAgain(membership.vendorStatus)) {
    return <ApplyStep>{mayApply ? <ApplyAgain user={user} /> : <VerifyFirst />}</ApplyStep>;
  }
  return (
    <ApplyStep>
      <AlreadyApplied businessName={membership.businessName} />
    </ApplyStep>
  );
}

/**
 * SPEC.md "Vendor application form" (sections 3, 5 and 9), as steps 2 and 3 of applying: signing
 * in (/auth, step 1) comes first, and once the application is in, this address says what happens next.
 */
export function VendorSignupPage() {
  return (
    <PageContainer width="narrow">
      <RequireAuth>{(user) => <SignupScreen user={user} />}</RequireAuth>
    </PageContainer>
  );
}
