import type { SocialNetwork, SocialPostKind, SocialPostStatus } from '@shared/marketplace/social-posts';
import type { BadgeTone } from '@client/components/ui/badge';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Each value's words, named whole so the catalogue's keys are found where they are used. */
const NETWORK_TEXT = {
  facebook: 'admin:social.network.facebook',
  instagram: 'admin:social.network.instagram',
} as const satisfies Record<SocialNetwork, string>;

const KIND_TEXT = {
  daily_chaska: 'admin:social.kind.daily_chaska',
  hourly_deal: 'admin:social.kind.hourly_deal',
} as const satisfies Record<SocialPostKind, string>;

const STATUS_TEXT = {
  pending: 'admin:social.status.pending',
  posted: 'admin:social.status.posted',
  failed: 'admin:social.status.failed',
} as const satisfies Record<SocialPostStatus, string>;

export const STATUS_TONE: Record<SocialPostStatus, BadgeTone> = { pending: 'yellow', posted: 'green', failed: 'red' };

/** A network's, a kind's and a status's names in the page's language. */
export function useSocialTexts() {
  const { t } = useTranslation('admin');
  return {
    network: (network: SocialNetwork) => t(NETWORK_TEXT[network]),
    kind: (kind: SocialPostKind) => t(KIND_TEXT[kind]),
    status: (status: SocialPostStatus) => t(STATUS_TEXT[status]),
  };
}
