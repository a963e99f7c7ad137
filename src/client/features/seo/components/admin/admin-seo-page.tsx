import { ExternalLink, Pencil, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { SeoPage } from '@shared/seo/admin-seo';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSeoPages } from '@client/features/seo/api/list-seo-pages';
import { useChangeSeoPage } from '@client/features/seo/api/save-seo-page';
import { SeoPageDialog } from './seo-page-dialog';
import { useFlash } from '@client/components/admin/use-flash';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const NEW_VENDOR_PAGE: SeoPage = {
  path: '',
  defaultTitle: null,
  defaultDescription: null,
  title: null,
  description: null,
  updatedBy: null,
  updatedAt: null,
};

export function AdminSeoPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:seo.title'));
  const flash = useFlash();
  const pages = useSeoPages();
  const change = useChangeSeoPage();
  const [editing, setEditing] = useState<SeoPage | null>(null);
  const [resetting, setResetting] = useState<SeoPage | null>(null);
  const data = pages.data;

  return (
    <>
      <PageHeader
        title={t('admin:seo.title')}
        description={t('admin:seo.description')}
        actions={
          <Button onClick={() => setEditing(NEW_VENDOR_PAGE)}>
            <Plus aria-hidden="true" />
            {t('admin:seo.addVendorPage')}
          </Button>
        }
      />
      {flash.element}
      <div className="flex flex-col gap-6">
        <Card title={t('admin:seo.sitemap')} description={t('admin:seo.sitemapText')}>
          <ul className="flex flex-col gap-2 text-sm">
            {data
              ? [data.sitemapUrl, data.robotsUrl].map((url) => (
                  <li key={url}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 font-medium break-all text-brand-800 underline"
                    >
                      {url}
                      <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                    </a>
                  </li>
                ))
              : null}
            <li className="text-stone-600">{t('admin:seo.schemaNote')}</li>
          </ul>
        </Card>
        <Card title={t('admin:seo.pages')} description={t('admin:seo.pagesText')} flush>
          {pages.isPending ? (
            <div className="flex justify-center p-8 text-brand-700">
              <Spinner label={t('admin:seo.loading')} />
            </div>
          ) : pages.isError || !data ? (
            <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
              {t('admin:seo.error')}
            </p>
          ) : (
            <ul className="divide-y divide-stone-200 border-t border-stone-200">
              {data.pages.map((page) => (
                <li
                  key={page.path}
                  className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-mono text-sm text-stone-900">
                      {page.path}
                      {page.title ? (
                        <Badge tone="orange">{t('admin:seo.custom')}</Badge>
                      ) : (
                        <Badge>{t('admin:seo.default')}</Badge>
                      )}
                    </p>
                    <p className="mt-1 text-sm font-semibold break-words text-blue-800">
                      {page.title ?? page.defaultTitle}
                    </p>
                    <p className="text-sm break-words text-stone-600">{page.description ?? page.defaultDescription}</p>
                    {page.updatedBy ? (
                      <p className="mt-1 text-xs text-stone-500">{t('admin:seo.setBy', { by: page.updatedBy })}</p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(page)}
                      aria-label={t('admin:seo.editOf', { path: page.path })}
                    >
                      <Pencil aria-hidden="true" />
                      {t('admin:seo.edit')}
                    </Button>
                    {page.title ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setResetting(page)}
                        aria-label={t('admin:seo.resetOf', { path: page.path })}
                      >
                        <RotateCcw aria-hidden="true" />
                        {t('admin:seo.reset')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <SeoPageDialog
        page={editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={(path) => {
          setEditing(null);
          flash.show('success', t('admin:seo.saved', { path }));
        }}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => (open ? undefined : setResetting(null))}
        title={t('admin:seo.resetTitle', { path: resetting?.path ?? '' })}
        text={t('admin:seo.resetText')}
        confirmLabel={t('admin:seo.reset')}
        busy={change.isPending}
        onConfirm={() =>
          resetting &&
          change.mutate(
            { action: 'reset', path: resetting.path },
            {
              onSuccess: () => {
                flash.show('success', t('admin:seo.resetDone', { path: resetting.path }));
                setResetting(null);
              },
              onError: (error) => {
                flash.show('error', error instanceof ApiError ? error.message : t('admin:seo.resetFailed'));
                setResetting(null);
              },
            },
          )
        }
      />
    </>
  );
}
