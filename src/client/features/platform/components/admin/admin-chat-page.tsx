import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

export function AdminChatPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:chat.title'));
  return <PageHeader title={t('admin:chat.title')} description={t('admin:chat.description')} />;
}
