import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function AdminSocialPage() {
  useDocumentTitle('Social Media Agent');
  return <PageHeader title="Social Media Agent" description="Auto-posting, replies and scheduling." />;
}
