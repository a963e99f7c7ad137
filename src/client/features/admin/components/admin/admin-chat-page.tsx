import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function AdminChatPage() {
  useDocumentTitle('Chat Assistant');
  return <PageHeader title="Chat Assistant" description="AI support assistant training and templates." />;
}
