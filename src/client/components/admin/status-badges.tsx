import { VENDOR_STATUS_LABELS } from '@shared/admin-vendors';
import { CARD_STATUS_LABELS } from '@shared/admin-cards';
import type { CardStatus } from '@shared/cards';
import type { VendorStatus } from '@shared/vendors';
import { Badge, type BadgeTone } from '@client/components/ui/badge';

const VENDOR_TONE: Record<VendorStatus, BadgeTone> = {
  approved: 'green',
  pending: 'yellow',
  suspended: 'red',
  rejected: 'grey',
};
const CARD_TONE: Record<CardStatus, BadgeTone> = { active: 'green', draft: 'grey', paused: 'yellow', archived: 'red' };

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return <Badge tone={VENDOR_TONE[status]}>{VENDOR_STATUS_LABELS[status]}</Badge>;
}

export function CardStatusBadge({ status }: { status: CardStatus }) {
  return <Badge tone={CARD_TONE[status]}>{CARD_STATUS_LABELS[status]}</Badge>;
}
