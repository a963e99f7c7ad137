import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useFlash } from '@client/components/admin/use-flash';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { SupportInboxTable } from './support-inbox-table';
import { SupportTemplatesPanel } from './support-templates-panel';

/**
 * The Chat Assistant (SPEC.md's sidebar name): the support inbox. Customers and vendors write from
 * /support; the admin reads each conversation, answers it (a saved reply fills the answer in the
 * conversation's language) and closes it, and keeps the saved replies in English and Urdu.
 */
export function AdminChatPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:chat.title'));
  const flash = useFlash();
  return (
    <>
      <PageHeader title={t('admin:chat.title')} description={t('admin:chat.description')} />
      {flash.element}
      <Tabs defaultValue="inbox">
        <TabsList>
          <TabsTrigger value="inbox">{t('admin:chat.inbox')}</TabsTrigger>
          <TabsTrigger value="templates">{t('admin:chat.templates')}</TabsTrigger>
        </TabsList>
        <TabsContent value="inbox">
          <Card flush className="pt-4">
            <SupportInboxTable />
          </Card>
        </TabsContent>
        <TabsContent value="templates">
          <SupportTemplatesPanel onDone={flash.show} />
        </TabsContent>
      </Tabs>
    </>
  );
}
