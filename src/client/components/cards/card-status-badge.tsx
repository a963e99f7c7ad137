import type { CardStatus } from '@shared/cards/cards';
import { completionTone } from '@shared/cards/vendor-cards';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';

export const CARD_STATUS_TONES: Record<CardStatus, BadgeTone> = {
  active: 'green',
  draft: 'grey',
  paused: 'yellow',
  archived: 'red',
};

const CARD_STATUS_TEXT = {
  active: 'vendor:cardStatus.active',
  draft: 'vendor:cardStatus.draft',
  paused: 'vendor:cardStatus.paused',
  archived: 'vendor:cardStatus.archived',
} as const satisfies Record<CardStatus, string>;

/** A card's status as its vendor reads it, in the vendor's language. */
export function CardStatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation('vendor');
  return <Badge tone={CARD_STATUS_TONES[status]}>{t(CARD_STATUS_TEXT[status])}</Badge>;
}

/** SPEC.md: green at 80% or more, yellow at 70% or more, red below. */
export function CompletionBadge({ percent }: { percent: number }) {
  return <Badge tone={completionTone(percent)}>{percent}%</Badge>;
}
