import { SOCIAL_NETWORKS } from '@shared/marketplace/social-posts';
import type { SocialOverview } from '@shared/marketplace/social-api';
import { isLocalAddress, type Config } from '@server/config';
import type { Executor } from '@server/db/client';
import { getSocialSchedule } from './social-schedule';

/** Each network's settings (on, or the variables still to set), and the schedule. */
export async function getSocialOverview(
  db: Executor,
  config: Pick<Config, 'publicUrl' | 'social'>,
): Promise<SocialOverview> {
  return {
    networks: SOCIAL_NETWORKS.map((network) => ({
      network,
      configured: config.social[network] !== undefined,
      missing: config.social.missing[network],
    })),
    publicUrlIsLocal: isLocalAddress(config.publicUrl),
    publicUrl: config.publicUrl,
    schedule: await getSocialSchedule(db),
  };
}
