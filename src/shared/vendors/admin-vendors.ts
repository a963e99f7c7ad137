import { z } from 'zod';
import { adminPageQueryFields, adminSearchField, pageInfoSchema } from '@shared/admin-paging';
import { CATEGORY_LABELS, VENDOR_CATEGORIES, type VendorCategory } from '@shared/places';
import { PLAN_IDS } from '@shared/billing/plans';
import { VENDOR_STATUSES } from './vendors';
import { vendorProfileSchema } from './vendor-profile';

export const vendorIdParamsSchema = z.object({ id: z.uuid({ error: 'Vendor id is not valid.' }) });

export const rejectVendorSchema = z.object({
  reason: z.string().trim().max(500, 'Reason is at most 500 characters.').optional(),
});

/** An earlier application of the same applicant, rejected before they applied again. */
export const previousApplicationSchema = z.object({
  businessName: z.string(),
  businessCategory: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  status: z.enum(['rejected']),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type PreviousApplication = z.infer<typeof previousApplicationSchema>;

export const pendingApplicationSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  businessCategory: z.string(),
  businessDescription: z.string().nullable(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  phone: z.string(),
  contactEmail: z.string().nullable(),
  ownerName: z.string().nullable(),
  appliedAt: z.string(),
  /** The applicant's earlier applications on this vendor, oldest first (empty for a first application). */
  previousApplications: z.array(previousApplicationSchema),
  /** What the applicant's account has proven: its e-mail address by its link, its mobile number by a code. */
  applicantEmailVerified: z.boolean(),
  applicantPhoneVerified: z.boolean(),
});
export type PendingApplication = z.infer<typeof pendingApplicationSchema>;

export const reviewedVendorSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  rejectionReason: z.string().nullable(),
});
export type ReviewedVendor = z.infer<typeof reviewedVendorSchema>;

// ---- Vendors Management (/admin/vendors) -------------------------------------------------

/** The status filter of SPEC.md's mock-up; Active means approved. */
export const VENDOR_STATUS_FILTERS = ['all', 'approved', 'pending', 'suspended', 'rejected'] as const;
export const VENDOR_STATUS_FILTER_LABELS: Record<(typeof VENDOR_STATUS_FILTERS)[number], string> = {
  all: 'All',
  approved: 'Active',
  pending: 'Pending',
  suspended: 'Suspended',
  rejected: 'Rejected',
};
export const VENDOR_STATUS_LABELS: Record<(typeof VENDOR_STATUSES)[number], string> = {
  approved: 'Active',
  pending: 'Pending',
  suspended: 'Suspended',
  rejected: 'Rejected',
};

/** The categories whose label contains the search text, so "café" finds cafes. */
export function categoriesMatching(search: string): VendorCategory[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  return VENDOR_CATEGORIES.filter(
    (category) => category.includes(needle) || CATEGORY_LABELS[category].toLowerCase().includes(needle),
  );
}

export const vendorFiltersSchema = z.object({
  search: adminSearchField,
  status: z
    .enum(VENDOR_STATUS_FILTERS, { error: 'status must be all, approved, pending, suspended or rejected' })
    .default('all'),
  category: z.enum(['all', ...VENDOR_CATEGORIES], { error: 'category is not valid' }).default('all'),
  plan: z
    .enum(['all', ...PLAN_IDS], { error: 'plan must be all, starter, standard, premium or enterprise' })
    .default('all'),
});
export type VendorFilters = z.infer<typeof vendorFiltersSchema>;
export const vendorListQuerySchema = vendorFiltersSchema.extend(adminPageQueryFields);
export type AdminVendorListQuery = z.infer<typeof vendorListQuerySchema>;

export const adminVendorRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  businessName: z.string(),
  logo: z.string(),
  businessCategory: z.enum(VENDOR_CATEGORIES),
  city: z.string(),
  area: z.string(),
  contactEmail: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  subscriptionStatus: z.string(),
  status: z.enum(VENDOR_STATUSES),
  activeCards: z.number(),
  users: z.number(),
  /** Subscription payments received, whole PKR. */
  revenue: z.number(),
  createdAt: z.string(),
});
export type AdminVendorRow = z.infer<typeof adminVendorRowSchema>;
export const adminVendorPageSchema = pageInfoSchema.extend({ vendors: z.array(adminVendorRowSchema) });
export type AdminVendorPage = z.infer<typeof adminVendorPageSchema>;

/** The four tiles of SPEC.md's Vendors Management mock-up. */
export const vendorSummarySchema = z.object({
  totalVendors: z.number(),
  pendingApplications: z.number(),
  activeVendors: z.number(),
  /** This month's subscription revenue (Pakistan time), whole PKR. */
  monthlyRevenue: z.number(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const adminVendorDetailSchema = adminVendorRowSchema.extend({
  businessDescription: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string().nullable(),
  website: z.string().nullable(),
  contactPerson: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  staffCount: z.number(),
  totalCards: z.number(),
  stampsIssued: z.number(),
  rewardsRedeemed: z.number(),
  rejectionReason: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  nextBillingDate: z.string().nullable(),
});
export type AdminVendorDetail = z.infer<typeof adminVendorDetailSchema>;

/** What an admin may correct on a vendor's profile; the rest belongs to the vendor. */
export const adminVendorEditSchema = vendorProfileSchema.pick({
  businessName: true,
  businessCategory: true,
  businessDescription: true,
  website: true,
  contactPerson: true,
  contactEmail: true,
  phone: true,
  whatsapp: true,
  address: true,
  city: true,
  area: true,
});
export type AdminVendorEdit = z.infer<typeof adminVendorEditSchema>;
export type AdminVendorEditInput = z.input<typeof adminVendorEditSchema>;

export const suspendVendorSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Please give a reason for the suspension.')
    .max(500, 'Reason is at most 500 characters.'),
});

export const inviteVendorSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address.' }).max(254, 'E-mail address is too long.'),
  name: z.string().trim().max(100, 'Name is at most 100 characters.').optional(),
  message: z.string().trim().max(1000, 'Message is at most 1000 characters.').optional(),
});
export type InviteVendorInput = z.infer<typeof inviteVendorSchema>;
export const inviteVendorResultSchema = z.object({ email: z.string(), outcome: z.string() });

export const pendingApplicationListSchema = z.object({ applications: z.array(pendingApplicationSchema) });
