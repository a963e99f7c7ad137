import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { EmailLogsTable } from './email-logs-table';
import { OutboxTable } from './outbox-table';
import { TextCostsTable } from './text-costs-table';
import { TextOutboxTable } from './text-outbox-table';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/**
 * Email Outbox: what the platform e-mailed (PRODUCT.md section 6: an outbox admins can read), and
 * the WhatsApp messages and SMS beside them.
 */
export function AdminEmailsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:emails.title'));
  return (
    <>
      <PageHeader title={t('admin:emails.title')} description={t('admin:emails.description')} />
      <Tabs defaultValue="outbox">
        <TabsList>
          <TabsTrigger value="outbox">{t('admin:emails.outbox')}</TabsTrigger>
          <TabsTrigger value="logs">{t('admin:emails.logs')}</TabsTrigger>
          <TabsTrigger value="texts">{t('admin:emails.texts')}</TabsTrigger>
          <TabsTrigger value="costs">{t('admin:emails.costs')}</TabsTrigger>
        </TabsList>
        <TabsContent value="outbox">
          <Card flush className="pt-4">
            <OutboxTable />
          </Card>
        </TabsContent>
        <TabsContent value="logs">
          <Card flush className="pt-4">
            <EmailLogsTable />
          </Card>
        </TabsContent>
        <TabsContent value="texts">
          <Card flush className="pt-4">
            <TextOutboxTable />
          </Card>
        </TabsContent>
        <TabsContent value="costs">
          <Card flush className="pt-4">
            <TextCostsTable />
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
