import type { CardCode } from '@shared/stamps';
import { apiFetch } from '@client/lib/api-client';

/** Demo mode: the server mints a counter code for a random card of the customer. */
export function getDemoCode(): Promise<CardCode> {
  return apiFetch<CardCode>('/api/stamps/demo-code', { method: 'POST' });
}
