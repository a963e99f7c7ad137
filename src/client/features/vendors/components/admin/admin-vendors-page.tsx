import { Download, MailPlus } from 'lucide-react';
import { useState } from 'react';
import type { VendorFilters } from '@shared/vendors/admin-vendors';
import { Button } from '@client/components/ui/button';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { vendorExportUrl } from '@client/features/vendors/api/list-vendors';
import { InviteVendorDialog } from './invite-vendor-dialog';
import { PendingApplications } from '@client/features/vendors/components/admin/pending-applications';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { useFlash } from '@client/components/admin/use-flash';
import { VendorSummaryTiles } from './vendor-summary-tiles';
import { VendorsTable } from './vendors-table';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Vendors Management, at /admin/vendors and /admin-vendors (SPEC.md: the same screen). */
export function AdminVendorsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:vendors.title'));
  const flash = useFlash();
  const [inviting, setInviting] = useState(false);
  const paged = usePagedFilters<Omit<VendorFilters, 'search'>>({ status: 'all', category: 'all', plan: 'all' });
  const filters: VendorFilters = { ...paged.filters, search: paged.debouncedSearch || undefined };

  return (
    <>
      <PageHeader
        title={t('admin:vendors.title')}
        description={t('admin:vendors.description')}
        actions={
          <>
            <Button asChild variant="outline">
              <a href={vendorExportUrl(filters)} download>
                <Download aria-hidden="true" />
                {t('admin:vendors.export')}
              </a>
            </Button>
            <Button onClick={() => setInviting(true)}>
              <MailPlus aria-hidden="true" />
              {t('admin:vendors.invite')}
            </Button>
          </>
        }
      />
      {flash.element}
      <div className="flex flex-col gap-6">
        <VendorSummaryTiles />
        <PendingApplications onResult={flash.show} withReview />
        <VendorsTable
          search={paged.search}
          onSearch={paged.setSearch}
          filters={filters}
          onFilters={paged.setFilters}
          page={paged.page}
          onPage={paged.setPage}
          onResult={flash.show}
        />
      </div>
      <InviteVendorDialog
        open={inviting}
        onOpenChange={setInviting}
        onInvited={(email) => flash.show('success', t('admin:vendors.invited', { email }))}
      />
    </>
  );
}
