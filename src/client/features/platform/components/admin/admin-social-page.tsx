import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

export function AdminSocialPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:social.title'));
  return <PageHeader title={t('admin:social.title')} description={t('admin:social.description')} />;
}
