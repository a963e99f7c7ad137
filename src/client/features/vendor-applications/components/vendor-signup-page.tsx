import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { BRAND } from '@shared/brand';
import {
  vendorApplicationSchema,
  type SubmittedApplication,
  type VendorApplication,
  type VendorApplicationInput,
} from '@shared/marketplace';
import { APPLICATION_FAILURE_MESSAGE, APPLICATION_SUCCESS_MESSAGE } from '@shared/marketplace-display';
import { CATEGORY_LABELS, CITIES, VENDOR_CATEGORIES } from '@shared/places';
import { mayApplyAgain } from '@shared/vendors';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { SessionUser } from '@client/lib/use-session';
import { useMyVendorApplication } from '@client/features/vendor-applications/api/get-my-vendor-application';
import { useSubmitVendorApplication } from '@client/features/vendor-applications/api/submit-vendor-application';

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
      owner_email: user.email,
    },
  });
  const errors = form.formState.errors;
  const working = submit.isPending;

  function onValid(values: VendorApplication) {
    setFailure(null);
    submit.mutate(values, {
      onSuccess: () => void navigate('/', { state: { flash: APPLICATION_SUCCESS_MESSAGE } }),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [name, message] of Object.entries(error.fields)) {
            if (isFieldName(name)) form.setError(name, { message });
          }
        }
        // A refusal with a reason (already a vendor) says so; anything else gets SPEC.md's text.
        setFailure(error instanceof ApiError && error.status === 409 ? error.message : APPLICATION_FAILURE_MESSAGE);
      },
    });
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-6">
      {failure ? (
        <Banner tone="error" title={failure}>
          {Object.keys(errors).length ? 'Please check the fields marked below.' : undefined}
        </Banner>
      ) : null}

      <Card title="Your business">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Business name" required error={errors.business_name?.message} className="sm:col-span-2">
            <Input autoComplete="organization" disabled={working} {...form.register('business_name')} />
          </FormField>
          <FormField label="Business category" required error={errors.business_category?.message}>
            <Select disabled={working} {...form.register('business_category')}>
              {VENDOR_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Website" error={errors.website?.message} hint="Optional">
            <Input
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              disabled={working}
              {...form.register('website')}
            />
          </FormField>
          <FormField
            label="Business description"
            error={errors.business_description?.message}
            hint="Optional. What makes your place special?"
            className="sm:col-span-2"
          >
            <Textarea rows={3} disabled={working} {...form.register('business_description')} />
          </FormField>
        </div>
      </Card>

      <Card title="Location">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Address" required error={errors.address?.message} className="sm:col-span-2">
            <Input
              autoComplete="street-address"
              placeholder="Shop number, street or market"
              disabled={working}
              {...form.register('address')}
            />
          </FormField>
          <FormField label="City" required error={errors.city?.message}>
            <Select disabled={working} {...form.register('city')}>
              {CITIES.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Area" required error={errors.area?.message}>
            <Input placeholder="For example Gulberg III" disabled={working} {...form.register('area')} />
          </FormField>
        </div>
      </Card>

      <Card title="Contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Phone" required error={errors.phone?.message}>
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+92 300 1234567"
              disabled={working}
              {...form.register('phone')}
            />
          </FormField>
          <FormField label="WhatsApp" error={errors.whatsapp?.message} hint="Optional">
            <Input
              type="tel"
              inputMode="tel"
              placeholder="+92 300 1234567"
              disabled={working}
              {...form.register('whatsapp')}
            />
          </FormField>
          <FormField label="Owner name" required error={errors.owner_name?.message}>
            <Input autoComplete="name" disabled={working} {...form.register('owner_name')} />
          </FormField>
          <FormField
            label="Owner email"
            required
            error={errors.owner_email?.message}
            hint={`How our team can reach you. The review result goes to your account address, ${user.email}.`}
          >
            <Input type="email" autoComplete="email" disabled={working} {...form.register('owner_email')} />
          </FormField>
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">We review every application within 24-48 hours.</p>
        <Button type="submit" size="lg" busy={working}>
          {working ? 'Submitting...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  );
}

function AlreadyApplied({ businessName }: { businessName: string }) {
  return (
    <Banner
      tone="info"
      title="You have already applied"
      action={
        <Button asChild size="sm">
          <Link to="/vendor">Open vendor dashboard</Link>
        </Button>
      }
    >
      This account already belongs to {businessName}. See its status on your vendor dashboard.
    </Banner>
  );
}

/**
 * The owner of a rejected application: why it was not approved, and the form again, prefilled
 * from that application, once they choose to apply again.
 */
function ApplyAgain({ user }: { user: SessionUser }) {
  const status = useMyVendorApplication();
  const [applying, setApplying] = useState(false);
  if (status.isPending) return <Spinner label="Loading your application" />;
  const application = status.data;
  if (applying) {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="info" title="Applying again">
          <p>We filled in your previous application. Change what the review asked for and submit it again.</p>
          {application?.rejectionReason ? <p className="mt-1">Reason given: {application.rejectionReason}</p> : null}
        </Banner>
        <ApplicationForm user={user} previous={application?.application} />
      </div>
    );
  }
  return (
    <Banner
      tone="warning"
      title="Your previous application was not approved"
      action={
        <Button size="sm" onClick={() => setApplying(true)}>
          Apply again
        </Button>
      }
    >
      <p>The application for {application?.businessName ?? user.membership?.businessName} was not approved.</p>
      {application?.rejectionReason ? <p className="mt-1">Reason: {application.rejectionReason}</p> : null}
      <p className="mt-1">You are welcome to apply again; we review every application within 24-48 hours.</p>
    </Banner>
  );
}

function SignupScreen({ user }: { user: SessionUser }) {
  const membership = user.membership;
  if (!membership) return <ApplicationForm user={user} />;
  if (membership.role === 'owner' && mayApplyAgain(membership.vendorStatus)) return <ApplyAgain user={user} />;
  return <AlreadyApplied businessName={membership.businessName} />;
}

/** SPEC.md "Vendor application form" (sections 3, 5 and 9); signing in comes first. */
export function VendorSignupPage() {
  useDocumentTitle('Become a vendor');
  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Become a vendor"
        description={`Apply to bring your restaurant, cafe, bakery or sweet shop to ${BRAND.name}.`}
      />
      <RequireAuth>{(user) => <SignupScreen user={user} />}</RequireAuth>
    </PageContainer>
  );
}
