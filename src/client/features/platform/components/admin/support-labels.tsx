import type { Language } from '@shared/i18n/languages';
import type { SupportRequesterRole, SupportStatus } from '@shared/platform/support';
import { Badge } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { SUPPORT_STATUS_TONE } from '@client/features/platform/components/support-status-tone';

export const STATUS_LABEL = {
  open: 'admin:chat.status.open',
  answered: 'admin:chat.status.answered',
  closed: 'admin:chat.status.closed',
} as const satisfies Record<SupportStatus, string>;

export const ROLE_LABEL = {
  customer: 'admin:chat.role.customer',
  vendor: 'admin:chat.role.vendor',
} as const satisfies Record<SupportRequesterRole, string>;

export const LANGUAGE_LABEL = {
  en: 'admin:chat.language.en',
  ur: 'admin:chat.language.ur',
} as const satisfies Record<Language, string>;

/** A conversation's status as the admin's inbox shows it. */
export function AdminSupportStatusBadge({ status }: { status: SupportStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={SUPPORT_STATUS_TONE[status]}>{t(STATUS_LABEL[status])}</Badge>;
}
