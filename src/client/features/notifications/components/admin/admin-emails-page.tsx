import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { EmailLogsTable } from './email-logs-table';
import { OutboxTable } from './outbox-table';

/** Email Outbox: what the platform e-mailed (PRODUCT.md section 6: an outbox admins can read). */
export function AdminEmailsPage() {
  useDocumentTitle('Email Outbox');
  return (
    <>
      <PageHeader title="Email Outbox" description="Every e-mail the platform sent or queued, and the delivery log." />
      <Tabs defaultValue="outbox">
        <TabsList>
          <TabsTrigger value="outbox">Outbox</TabsTrigger>
          <TabsTrigger value="logs">Email logs</TabsTrigger>
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
      </Tabs>
    </>
  );
}
