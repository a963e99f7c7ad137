import type { shareOverviewSchema } from '@shared/marketplace/share-api';
import type { ApiRoute } from './route';

/**
 * Sharing: the vendor's "Share today's deal" panel (the pictures themselves are files under
 * /og and /api/vendor/share/today-deal.png). Import it as a namespace: `import * as shareApi from
 * '@shared/contract/share'`.
 */

export const overview: ApiRoute<'GET', '/api/vendor/share', { response: typeof shareOverviewSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/share',
};
