import { z } from 'zod';
import { invalidFields } from '@server/errors';

/**
 * Keyset cursors: the sort key of the last row of a page, as base64url JSON. Timestamps travel
 * as PostgreSQL's own text form so that microseconds survive the round trip (a JS Date would
 * drop them and skip rows).
 */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

const uuid = z.uuid();
const pgTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/);

function decodeParts(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

const invalidCursor = () => invalidFields('cursor is not valid', { cursor: 'cursor is not valid' });

/** Cards: by placement tier, the admin's featured place, then newest, by (tier, featured_order, created_at, id). */
export interface CardCursor {
  tier: number;
  featuredOrder: number | null;
  createdAt: string;
  id: string;
}

export function encodeCardCursor(cursor: CardCursor): string {
  return encodeCursor([
    String(cursor.tier),
    cursor.featuredOrder === null ? '' : String(cursor.featuredOrder),
    cursor.createdAt,
    cursor.id,
  ]);
}

export function decodeCardCursor(cursor: string, tiers: number): CardCursor {
  const parsed = z
    .tuple([z.string().regex(/^\d$/), z.string().regex(/^(-?\d{1,9})?$/), pgTimestamp, uuid])
    .safeParse(decodeParts(cursor));
  if (!parsed.success || Number(parsed.data[0]) >= tiers) throw invalidCursor();
  const [tier, featuredOrder, createdAt, id] = parsed.data;
  return { tier: Number(tier), featuredOrder: featuredOrder === '' ? null : Number(featuredOrder), createdAt, id };
}

/** Vendors: by (business_name, id). */
export function decodeVendorCursor(cursor: string): { businessName: string; id: string } {
  const parsed = z.tuple([z.string().min(1).max(200), uuid]).safeParse(decodeParts(cursor));
  if (!parsed.success) throw invalidCursor();
  return { businessName: parsed.data[0], id: parsed.data[1] };
}

/** "Near me" (cards and vendors): by (metres to the nearest branch, id). */
export function decodeNearCursor(cursor: string): { metres: number; id: string } {
  const parsed = z.tuple([z.string().regex(/^\d{1,8}$/), uuid]).safeParse(decodeParts(cursor));
  if (!parsed.success) throw invalidCursor();
  return { metres: Number(parsed.data[0]), id: parsed.data[1] };
}
