import type { CardStatus } from '@shared/cards/cards';
import type { VendorStatus } from '@shared/vendors/vendors';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { CARD_STATUS_TONES } from '@client/components/cards/card-status-badge';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const VENDOR_TONE: Record<VendorStatus, BadgeTone> = {
  approved: 'green',
  pending: 'yellow',
  suspended: 'red',
  rejected: 'grey',
};
/** A vendor's status as the admin reads it (the badge, the vendors list's filter). */
export const VENDOR_STATUS_LABEL = {
  approved: 'admin:status.approved',
  pending: 'admin:status.pending',
  suspended: 'admin:status.suspended',
  rejected: 'admin:status.rejected',
} as const satisfies Record<VendorStatus, string>;
/** A card's status as the admin reads it (the badge, the cards list's filter). */
export const CARD_STATUS_LABEL = {
  active: 'admin:cardStatus.active',
  draft: 'admin:cardStatus.draft',
  paused: 'admin:cardStatus.paused',
  archived: 'admin:cardStatus.archived',
} as const satisfies Record<CardStatus, string>;

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={VENDOR_TONE[status]}>{t(VENDOR_STATUS_LABEL[status])}</Badge>;
}

export function CardStatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={CARD_STATUS_TONES[status]}>{t(CARD_STATUS_LABEL[status])}</Badge>;
}
