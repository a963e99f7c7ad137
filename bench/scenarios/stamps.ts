import { encodeCode, newCodeId } from '../../src/server/modules/stamps/stamp-codes';
import type { BenchCard, BenchVendor } from '../runner/bench-data';
import type { Scenario } from './scenario';

/**
 * (a) Vendor staff issuing stamps: one staff session scans a fresh My QR code per request, each
 * of a different customer, signed with the app's own code module under the app's key. Every
 * customer is stamped once, so the card's interval never refuses one and every answer is a 2xx.
 */
export function stampScenario(options: {
  vendor: BenchVendor;
  staffCookie: string;
  customers: readonly string[];
  codeKey: Buffer;
  connections: number;
  /** How far ahead of the real time the app's clock reads (the campaign run's): its codes are issued at its time. */
  clockAheadMs?: number;
  /** A points card instead (decision 085): each request sends a bill of Rs 200 to Rs 2,000. */
  pointsCard?: BenchCard;
}): Scenario & { customersUsed(): number } {
  let next = 0;
  const { vendor, customers, codeKey, pointsCard } = options;
  const body = () => {
    const userId = customers[next % customers.length]!;
    next += 1;
    const customerCode = encodeCode(codeKey, {
      kind: 'customer',
      userId,
      codeId: newCodeId(),
      issuedAt: new Date(Date.now() + (options.clockAheadMs ?? 0)),
    });
    if (pointsCard) return JSON.stringify({ customerCode, cardId: pointsCard.id, amount: 200 + ((next * 37) % 1801) });
    return JSON.stringify({ customerCode, cardId: vendor.card.id });
  };
  return {
    id: pointsCard ? 'stamps-points' : 'stamps',
    group: 'stamps',
    title: pointsCard
      ? `Award points (staff of ${vendor.name}, a points card, a new customer each request)`
      : `Issue stamps (staff of ${vendor.name}, a new customer each request)`,
    connections: options.connections,
    requests: [{ method: 'POST', path: '/api/vendor/stamps', headers: { cookie: options.staffCookie }, body }],
    customersUsed: () => next,
  };
}
