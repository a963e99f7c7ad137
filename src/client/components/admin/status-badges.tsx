import type { CardStatus } from '@shared/cards/cards';
import type { VendorStatus } from '@shared/vendors/vendors';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const VENDOR_TONE: Record<VendorStatus, BadgeTone> = {
  approved: 'green',
  pending: 'yellow',
  suspended: 'red',
  rejected: 'grey',
};
const CARD_TONE: Record<CardStatus, BadgeTone> = { active: 'green', draft: 'grey', paused: 'yellow', archived: 'red' };
const VENDOR_LABEL = {
  approved: 'admin:status.approved',
  pending: 'admin:status.pending',
  suspended: 'admin:status.suspended',
  rejected: 'admin:status.rejected',
} as const satisfies Record<VendorStatus, string>;
const CARD_LABEL = {
  active: 'admin:cardStatus.active',
  draft: 'admin:cardStatus.draft',
  paused: 'admin:cardStatus.paused',
  archived: 'admin:cardStatus.archived',
} as const satisfies Record<CardStatus, string>;

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={VENDOR_TONE[status]}>{t(VENDOR_LABEL[status])}</Badge>;
}

export function CardStatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={CARD_TONE[status]}>{t(CARD_LABEL[status])}</Badge>;
}
