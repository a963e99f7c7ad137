import { BookOpen } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { useState } from 'react';
import { Link } from 'react-router';
import { API_ACCESS_BILLING_PATH } from '@shared/api/vendor-api';
import { Banner } from '@client/components/ui/banner';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { useVendorApi } from '@client/features/api/api/get-vendor-api';
import { ApiKeysSection } from './api-keys-section';
import { DeliveryLog, WebhooksSection } from './webhooks-section';

function ApiContent() {
  const { t } = useTranslation('vendor');
  const overview = useVendorApi();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (overview.isPending) return <CenteredSpinner />;
  if (overview.isError)
    return (
      <Banner tone="error" title={t('vendor:api.loadFailed')}>
        {overview.error.message}
      </Banner>
    );
  const { access, keys, endpoints, deliveries } = overview.data;
  const onResult = (tone: 'success' | 'error', text: string) => setResult({ tone, text });
  return (
    <div className="flex flex-col gap-6">
      {!access.allowed ? (
        <Banner
          tone="info"
          title={access.message ?? ''}
          action={
            <Link to={API_ACCESS_BILLING_PATH} className="font-medium text-brand-800 underline underline-offset-2">
              {t('vendor:api.upgrade')}
            </Link>
          }
        >
          {t('vendor:api.enterpriseText')}
        </Banner>
      ) : null}
      {access.allowed && !access.canManage ? (
        <Banner tone="info" title={t('vendor:api.ownerOnlyTitle')}>
          {t('vendor:api.ownerOnlyText')}
        </Banner>
      ) : null}
      {result ? <Banner tone={result.tone} role="status" title={result.text} /> : null}
      <ApiKeysSection keys={keys} canCreate={access.allowed} canManage={access.canManage} onResult={onResult} />
      <WebhooksSection
        endpoints={endpoints}
        canCreate={access.allowed}
        canManage={access.canManage}
        onResult={onResult}
      />
      <DeliveryLog deliveries={deliveries} />
    </div>
  );
}

/** /vendor/api: keys for the vendor's point of sale, webhook endpoints and their delivery log (Enterprise). */
export function VendorApiPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:api.title'));
  return (
    <>
      <PageHeader
        title={t('vendor:api.title')}
        description={t('vendor:api.description')}
        // The reference is a server-rendered page of its own, not a screen of the app.
        actions={
          <a
            href="/developers"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-800 underline underline-offset-2"
          >
            <BookOpen aria-hidden="true" className="size-4" />
            {t('vendor:api.reference')}
          </a>
        }
      />
      <ApprovedVendorGuard>{() => <ApiContent />}</ApprovedVendorGuard>
    </>
  );
}
