import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const STATUS_LABEL: Record<string, string> = {
  queued: 'admin:mailStatus.queued',
  sending: 'admin:mailStatus.sending',
  sent: 'admin:mailStatus.sent',
  failed: 'admin:mailStatus.failed',
  skipped: 'admin:mailStatus.skipped',
};

/** A mail status as the admin reads it, for the outbox and the e-mail log; an unknown one as stored. */
export function useMailStatusText(): (status: string) => string {
  const { t } = useTranslation('admin');
  return (status) => {
    const key = STATUS_LABEL[status];
    return key ? t(key) : status;
  };
}

const STATUS_TONE: Record<string, BadgeTone> = {
  sent: 'green',
  queued: 'yellow',
  sending: 'yellow',
  failed: 'red',
  skipped: 'grey',
};

/** A mail's status as a badge, in the outbox and the e-mail log. */
export function MailStatusBadge({ status }: { status: string }) {
  const statusText = useMailStatusText();
  return <Badge tone={STATUS_TONE[status] ?? 'grey'}>{statusText(status)}</Badge>;
}
