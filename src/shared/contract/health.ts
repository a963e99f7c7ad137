import type { healthSchema } from '@shared/health';
import { route } from './route';

/** For load balancers and monitors: 200 when the database answers, 503 (same shape) when not. */
export const healthApi = {
  health: route<{ response: typeof healthSchema }>()('GET', '/api/health'),
};
