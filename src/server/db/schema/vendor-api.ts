import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  API_SCOPES,
  DEFAULT_API_RATE_LIMIT_PER_MINUTE,
  WEBHOOK_DELIVERY_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from '@shared/api/vendor-api';
import { oneOf } from '@server/db/one-of';
import { cascadingVendorId } from './vendors';

/** `column <@ array['a', 'b', …]`: every element of an array column is one of the listed values. */
function everyOneOf(column: Parameters<typeof oneOf>[0], values: readonly string[]) {
  return sql`${column} <@ array[${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))}]::text[]`;
}

/**
 * Keys of the vendor API (/api/v1, decision 035). The key names its vendor; it is shown once and
 * only its SHA-256 hash is kept. Scopes say what it may do, the rate limit how often.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`array['read', 'stamp', 'redeem']::text[]`),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(DEFAULT_API_RATE_LIMIT_PER_MINUTE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, after an accepted request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('api_keys_vendor_idx').on(table.vendorId),
    check('api_keys_scopes_check', everyOneOf(table.scopes, API_SCOPES)),
  ],
);

/**
 * The answer to a write of the vendor API under its Idempotency-Key, kept for 24 hours: a retry
 * with the same key and body gets the same answer, without a second stamp. The row is written in
 * the transaction of the change itself, so a concurrent duplicate waits on its primary key.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] }),
    index('api_idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * Where a vendor wants its events posted. The signing secret is not stored: it is derived from
 * SESSION_SECRET and `secret_salt`, so the database alone cannot forge a delivery.
 */
export const vendorWebhookEndpoints = pgTable(
  'vendor_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secretSalt: text('secret_salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vendor_webhook_endpoints_vendor_idx').on(table.vendorId),
    check('vendor_webhook_endpoints_events_check', everyOneOf(table.events, WEBHOOK_EVENT_TYPES)),
  ],
);

/**
 * One event for one endpoint: written in the transaction of the change (an outbox), posted by the
 * webhook job after it commits, retried with back-off for a day. `event_id` is the same for every
 * endpoint of one event, so receivers can drop a repeat.
 */
export const vendorWebhookDeliveries = pgTable(
  'vendor_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => vendorWebhookEndpoints.id, { onDelete: 'cascade' }),
    vendorId: cascadingVendorId(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type', { enum: WEBHOOK_DELIVERY_EVENT_TYPES }).notNull(),
    /** The whole JSON body as posted: { id, type, created, data }. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    check('vendor_webhook_deliveries_status_check', oneOf(table.status, WEBHOOK_DELIVERY_STATUSES)),
    check('vendor_webhook_deliveries_event_type_check', oneOf(table.eventType, WEBHOOK_DELIVERY_EVENT_TYPES)),
    index('vendor_webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('vendor_webhook_deliveries_vendor_idx').on(table.vendorId, table.createdAt),
    index('vendor_webhook_deliveries_created_idx').on(table.createdAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('vendor_webhook_deliveries_endpoint_id_idx').on(table.endpointId),
  ],
);
