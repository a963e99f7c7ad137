import type { CardStatus } from '@shared/cards/cards';
import { CARD_STATUS_LABELS, completionTone } from '@shared/cards/vendor-cards';
import { Badge, type BadgeTone } from '@client/components/ui/badge';

export const CARD_STATUS_TONES: Record<CardStatus, BadgeTone> = {
  active: 'green',
  draft: 'grey',
  paused: 'yellow',
  archived: 'red',
};

export function CardStatusBadge({ status }: { status: CardStatus }) {
  return <Badge tone={CARD_STATUS_TONES[status]}>{CARD_STATUS_LABELS[status]}</Badge>;
}

/** SPEC.md: green at 80% or more, yellow at 70% or more, red below. */
export function CompletionBadge({ percent }: { percent: number }) {
  return <Badge tone={completionTone(percent)}>{percent}%</Badge>;
}
