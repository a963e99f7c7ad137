import type { RotatingCode } from '@shared/stamps';
import { apiFetch } from '@client/lib/api-client';

export interface DemoCode {
  card: { id: string; name: string };
  code: RotatingCode;
}

/** Demo mode: the server mints a counter code for a random card of the customer. */
export function getDemoCode(): Promise<DemoCode> {
  return apiFetch<DemoCode>('/api/stamps/demo-code', { method: 'POST' });
}
