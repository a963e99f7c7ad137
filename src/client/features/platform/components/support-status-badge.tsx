import type { SupportStatus } from '@shared/platform/support';
import { Badge } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';
import '@client/features/platform/support-texts';
import { SUPPORT_STATUS_TONE } from './support-status-tone';

const LABEL = {
  open: 'support:status.open',
  answered: 'support:status.answered',
  closed: 'support:status.closed',
} as const satisfies Record<SupportStatus, string>;

/** A conversation's status as its requester reads it. */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  const { t } = useTranslation('support');
  return <Badge tone={SUPPORT_STATUS_TONE[status]}>{t(LABEL[status])}</Badge>;
}
