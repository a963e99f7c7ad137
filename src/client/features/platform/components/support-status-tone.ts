import type { SupportStatus } from '@shared/platform/support';
import type { BadgeTone } from '@client/components/ui/badge';

/** Waiting for an answer is yellow, answered green, closed grey: for the requester and the admin alike. */
export const SUPPORT_STATUS_TONE: Record<SupportStatus, BadgeTone> = {
  open: 'yellow',
  answered: 'green',
  closed: 'grey',
};
