import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OpeningHours } from '@shared/vendors/vendors';
import { CITIES, PAKISTAN_BOUNDS } from '@shared/places';
import { BRANCH_STATUSES } from '@shared/vendors/branches';

import { oneOf } from '@server/db/one-of';
import { cascadingVendorId } from './vendors';

/**
 * A vendor's shops (decision 084). The main branch (is_main) is the vendor's own address: a
 * trigger of migration 0062 writes it when a vendor is inserted and copies every later change of
 * the vendor's address, pin, phones and hours into it, so the profile and the main branch never
 * disagree. Other branches are the owner's, paused beyond the plan's maxBranches and archived
 * (never deleted) when removed, so the stamps given there keep their branch.
 */
export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city', { enum: CITIES }).notNull(),
    area: text('area').notNull(),
    /** The pin; both or neither, in Pakistan. Only a main branch copied from a vendor without a pin has none. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone').notNull(),
    whatsapp: text('whatsapp'),
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    status: text('status', { enum: BRANCH_STATUSES }).notNull().default('active'),
    isMain: boolean('is_main').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('branches_status_check', oneOf(table.status, BRANCH_STATUSES)),
    check('branches_city_check', oneOf(table.city, CITIES)),
    check(
      'branches_position_check',
      sql`(${table.latitude} is null and ${table.longitude} is null) or (${table.latitude} between ${sql.raw(String(PAKISTAN_BOUNDS.south))} and ${sql.raw(String(PAKISTAN_BOUNDS.north))} and ${table.longitude} between ${sql.raw(String(PAKISTAN_BOUNDS.west))} and ${sql.raw(String(PAKISTAN_BOUNDS.east))})`,
    ),
    check('branches_main_not_archived_check', sql`not (${table.isMain} and ${table.archivedAt} is not null)`),
    // One main branch per vendor: the one the profile's address is.
    uniqueIndex('branches_vendor_main_idx')
      .on(table.vendorId)
      .where(sql`${table.isMain}`),
    // A vendor's branches, main first then oldest first (the owner's list, the plan's count).
    index('branches_vendor_created_idx').on(table.vendorId, table.createdAt, table.id),
  ],
);
