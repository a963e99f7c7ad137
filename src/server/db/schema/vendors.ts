import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VendorApplication } from '@shared/marketplace/marketplace';
import type { OpeningHours } from '@shared/vendors/vendors';
import { GOOD_STANDING_STATUSES } from '@shared/billing/billing';
import { PLAN_IDS, plansWith, type PlanLimits } from '@shared/billing/plans';
import { users } from './users';
import { CITIES, PAKISTAN_BOUNDS, VENDOR_CATEGORIES } from '@shared/places';
import { STAMPS_PER_VISIT_CAP } from '@shared/vendors/vendor-profile';
import { PIN_ABOVE_QUANTITY_DEFAULT } from '@shared/stamps/fraud-rules';
import { SUBSCRIPTION_STATUSES, VENDOR_MEMBER_ROLES, VENDOR_STATUSES } from '@shared/vendors/vendors';
import { AVERAGE_SPEND_MAX_RUPEES } from '@shared/analytics/vendor-analytics';
import { MONTHLY_REPORT_CHANNELS } from '@shared/analytics/programme-health';
import { oneOf } from '@server/db/one-of';
import { indexWhereSet } from './index-where-set';

/** The vendor a row belongs to (`vendor_id`, required): deleting the vendor deletes the row. */
export function cascadingVendorId() {
  return uuid('vendor_id')
    .notNull()
    .references(() => vendors.id, { onDelete: 'cascade' });
}

export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    businessName: text('business_name').notNull(),
    businessCategory: text('business_category', { enum: VENDOR_CATEGORIES }).notNull().default('restaurant'),
    businessDescription: text('business_description'),
    logo: text('logo').notNull().default('🏪'),
    /** The vendor's QR colours (#rrggbb), used from the Standard plan (shared/qr-style planQrStyle); null is the standard colour. */
    qrForeground: text('qr_foreground'),
    qrBackground: text('qr_background'),
    address: text('address').notNull(),
    city: text('city', { enum: CITIES }).notNull(),
    area: text('area').notNull(),
    /** The shop's pin, set by the owner (decision 046): Wallet passes surface near it. Both or neither. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone').notNull(),
    whatsapp: text('whatsapp'),
    website: text('website'),
    contactPerson: text('contact_person'),
    contactEmail: text('contact_email'),
    facebookPage: text('facebook_page'),
    instagramHandle: text('instagram_handle'),
    twitterHandle: text('twitter_handle'),
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    allowFeature: boolean('allow_feature').notNull().default(true),
    allowPromotions: boolean('allow_promotions').notNull().default(true),
    wantsMarketingTips: boolean('wants_marketing_tips').notNull().default(true),
    wantsPlatformUpdates: boolean('wants_platform_updates').notNull().default(true),
    /** How the owner gets the monthly report (decision 090): e-mail, WhatsApp or off. */
    monthlyReportChannel: text('monthly_report_channel', { enum: MONTHLY_REPORT_CHANNELS }).notNull().default('email'),
    status: text('status', { enum: VENDOR_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    suspensionReason: text('suspension_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    subscriptionPlan: text('subscription_plan', { enum: PLAN_IDS }).notNull().default('starter'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('inactive'),
    subscriptionReference: text('subscription_reference'),
    /** The next billing date (SPEC.md). */
    subscriptionUpdatedAt: timestamp('subscription_updated_at', { withTimezone: true }),
    /** When the payment provider emitted the latest applied event: an older event never overwrites newer state. */
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    /**
     * Set when the provider confirmed (by webhook) a cancellation at the end of the paid period:
     * the plan holds until then, and the period-end settlement moves the vendor to canceled.
     */
    subscriptionCancelAt: timestamp('subscription_cancel_at', { withTimezone: true }),
    /** A downgrade chosen by the owner, taking effect at the end of the paid period. */
    scheduledPlan: text('scheduled_plan', { enum: PLAN_IDS }),
    planLimits: jsonb('plan_limits').$type<PlanLimits>().notNull(),
    billingDetails: jsonb('billing_details').$type<Record<string, string>>(),
    featuredOrder: integer('featured_order'),
    /**
     * Seeded by demo mode (modules/demo), never a vendor who applied: demo codes and sample cards
     * touch only these vendors' cards.
     */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Customers' referrals give bonus stamps here (the vendor can switch them off). */
    referralsEnabled: boolean('referrals_enabled').notNull().default(true),
    /** Staff may stamp a customer found by phone number, who gets a receipt (off until the owner allows it). */
    stampByPhone: boolean('stamp_by_phone').notNull().default(false),
    /**
     * The most stamps staff may give one customer for one order (a family's four teas): 1 is one
     * stamp a visit, as always; the owner may allow up to STAMPS_PER_VISIT_CAP.
     */
    maxStampsPerVisit: smallint('max_stamps_per_visit').notNull().default(1),
    /**
     * The counter tablet's (kiosk) PIN, set by the owner: staff type it to leave kiosk mode. Kept
     * only as a keyed hash bound to the vendor (modules/vendors/kiosk-pin.ts); null: not set yet.
     */
    kioskPinHash: text('kiosk_pin_hash'),
    /**
     * What a customer spends on a visit, in rupees, as the owner states it (decision 083): it turns
     * extra visits into rupees. Null: not given.
     */
    averageSpendRupees: integer('average_spend_rupees'),
    /**
     * The shop's PIN for large orders (decision 086), set by the owner: an order of more stamps than
     * pinAboveQuantity asks for it. Kept as the kiosk PIN is, a keyed hash bound to the vendor; null: not set.
     */
    largeOrderPinHash: text('large_order_pin_hash'),
    pinAboveQuantity: smallint('pin_above_quantity').notNull().default(PIN_ABOVE_QUANTITY_DEFAULT),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vendors_status_check', oneOf(table.status, VENDOR_STATUSES)),
    check('vendors_monthly_report_channel_check', oneOf(table.monthlyReportChannel, MONTHLY_REPORT_CHANNELS)),
    check(
      'vendors_max_stamps_per_visit_check',
      sql`${table.maxStampsPerVisit} between 1 and ${sql.raw(String(STAMPS_PER_VISIT_CAP))}`,
    ),
    check(
      'vendors_average_spend_check',
      sql`${table.averageSpendRupees} is null or ${table.averageSpendRupees} between 1 and ${sql.raw(String(AVERAGE_SPEND_MAX_RUPEES))}`,
    ),
    check(
      'vendors_pin_above_quantity_check',
      sql`${table.pinAboveQuantity} between 1 and ${sql.raw(String(STAMPS_PER_VISIT_CAP))}`,
    ),
    check('vendors_category_check', oneOf(table.businessCategory, VENDOR_CATEGORIES)),
    check('vendors_city_check', oneOf(table.city, CITIES)),
    check(
      'vendors_shop_location_check',
      sql`(${table.latitude} is null and ${table.longitude} is null) or (${table.latitude} between ${sql.raw(String(PAKISTAN_BOUNDS.south))} and ${sql.raw(String(PAKISTAN_BOUNDS.north))} and ${table.longitude} between ${sql.raw(String(PAKISTAN_BOUNDS.west))} and ${sql.raw(String(PAKISTAN_BOUNDS.east))})`,
    ),
    check('vendors_plan_check', oneOf(table.subscriptionPlan, PLAN_IDS)),
    check('vendors_scheduled_plan_check', oneOf(table.scheduledPlan, PLAN_IDS)),
    check('vendors_subscription_status_check', oneOf(table.subscriptionStatus, SUBSCRIPTION_STATUSES)),
    index('vendors_public_city_category_idx')
      .on(table.city, table.businessCategory, table.businessName)
      .where(sql`${table.status} = 'approved' and ${table.closedAt} is null`),
    index('vendors_public_name_idx')
      .on(table.businessName)
      .where(sql`${table.status} = 'approved' and ${table.closedAt} is null`),
    // The landing's vendor grid for one city, by name, paged by (business_name, id).
    index('vendors_public_city_name_idx')
      .on(table.city, table.businessName, table.id)
      .where(sql`${table.status} = 'approved' and ${table.closedAt} is null`),
    // Public vendors whose plan gives Priority Chaska placement (decision 033): the listings' first tier.
    index('vendors_priority_placement_idx')
      .on(table.id)
      .where(
        sql`${oneOf(table.subscriptionPlan, plansWith('priorityPlacement'))} and ${oneOf(table.subscriptionStatus, GOOD_STANDING_STATUSES)} and ${table.status} = 'approved' and ${table.closedAt} is null`,
      ),
    index('vendors_status_created_idx').on(table.status, table.createdAt),
    // Vendors Management without a status filter, or by category: newest first.
    index('vendors_created_idx').on(table.createdAt, table.id),
    index('vendors_category_created_idx').on(table.businessCategory, table.createdAt, table.id),
  ],
);

/** Who may act for a vendor: its owner and staff. A user belongs to at most one vendor. */
export const vendorMembers = pgTable(
  'vendor_members',
  {
    vendorId: cascadingVendorId(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: VENDOR_MEMBER_ROLES }).notNull(),
    /** The branches a staff member works at (decision 089); null: every branch (and always the owner). */
    branchIds: uuid('branch_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vendor_members_role_check', oneOf(table.role, VENDOR_MEMBER_ROLES)),
    // Chosen branches are at least one: none would be a member who may work nowhere.
    check('vendor_members_branch_ids_check', sql`cardinality(${table.branchIds}) > 0`),
    index('vendor_members_vendor_idx').on(table.vendorId),
  ],
);

/**
 * An earlier application of a vendor, kept when its owner applies again after a rejection: the
 * vendor row then holds the new application, and the admin reviewing it reads these.
 */
export const vendorApplicationHistory = pgTable(
  'vendor_application_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    /** The form as the applicant sent it. */
    application: jsonb('application').$type<VendorApplication>().notNull(),
    /** The decision it got: always rejected today (only a rejected applicant may apply again). */
    status: text('status').notNull(),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vendor_application_history_status_check', sql`${table.status} in ('rejected')`),
    index('vendor_application_history_vendor_idx').on(table.vendorId, table.submittedAt),
  ],
);

/** A pending staff invitation; the token is kept hashed. */
export const vendorInvitations = pgTable(
  'vendor_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vendor_invitations_vendor_idx').on(table.vendorId),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    indexWhereSet('vendor_invitations_invited_by_idx', table.invitedBy),
  ],
);

/**
 * The bills a vendor rang up in a Pakistan month, as the owner enters them (decision 090): the
 * programme's penetration is that month's visits against them. Never fewer than the visits.
 */
export const vendorMonthBills = pgTable(
  'vendor_month_bills',
  {
    vendorId: cascadingVendorId(),
    /** The first day of the Pakistan month. */
    month: date('month', { mode: 'string' }).notNull(),
    totalBills: integer('total_bills').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'vendor_month_bills_pk', columns: [table.vendorId, table.month] }),
    check('vendor_month_bills_total_check', sql`${table.totalBills} >= 0`),
  ],
);

/**
 * The bills a vendor's point of sale rang up on a Pakistan day, all of them, stamped or not, as
 * the POS reports them (PUT /api/v1/bills/{day}, decision 090): a month without the owner's entry
 * takes their sum for its penetration.
 */
export const vendorPosBillDays = pgTable(
  'vendor_pos_bill_days',
  {
    vendorId: cascadingVendorId(),
    day: date('day', { mode: 'string' }).notNull(),
    totalBills: integer('total_bills').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'vendor_pos_bill_days_pk', columns: [table.vendorId, table.day] }),
    check('vendor_pos_bill_days_total_check', sql`${table.totalBills} >= 0`),
  ],
);

/**
 * The monthly report each owner received (decision 090): the row is written in the transaction
 * that queues the e-mail, and its key makes the job's second run for a month send nothing.
 */
export const vendorMonthlyReports = pgTable(
  'vendor_monthly_reports',
  {
    vendorId: cascadingVendorId(),
    /** The first day of the Pakistan month reported on. */
    month: date('month', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'vendor_monthly_reports_pk', columns: [table.vendorId, table.month] })],
);
