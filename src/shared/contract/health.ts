import type { healthSchema } from '@shared/platform/health';
import type { ApiRoute } from './route';

/** For load balancers and monitors: 200 when the database answers, 503 (same shape) when not. Import it as a namespace: `import * as healthApi from '@shared/contract/health'`. */

export const health: ApiRoute<'GET', '/api/health', { response: typeof healthSchema }, 200> = {
  method: 'GET',
  path: '/api/health',
};
