import type { ApiRoute } from '@shared/api-route';
import type {
  myVendorApplicationSchema,
  vendorApplicationCreatedSchema,
  vendorApplicationSchema,
} from '@shared/marketplace/marketplace';
import type { okSchema } from '@shared/ok';
import type {
  adminVendorDetailSchema,
  adminVendorEditSchema,
  adminVendorPageSchema,
  inviteVendorResultSchema,
  inviteVendorSchema,
  pendingApplicationListSchema,
  rejectVendorSchema,
  reviewedVendorSchema,
  suspendVendorSchema,
  vendorListQuerySchema,
  vendorSummarySchema,
} from '@shared/vendors/admin-vendors';
import type {
  rateVisitRequestSchema,
  ratingSummarySchema,
  visitRatingSchema,
  visitsToRateSchema,
} from '@shared/vendors/feedback';
import type { dashboardQuerySchema, vendorDashboardSchema } from '@shared/vendors/vendor-dashboard';
import type { kioskPinSchema, kioskSettingsSchema } from '@shared/vendors/kiosk';
import type {
  addressMatchesSchema,
  addressSearchQuerySchema,
  branchInputSchema,
  branchListSchema,
  branchSchema,
  staffBranchesSchema,
} from '@shared/vendors/branches';
import type {
  changePasswordSchema,
  closeAccountSchema,
  closedAccountSchema,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  staffInviteSchema,
  staffListSchema,
  vendorProfileResponseSchema,
  vendorProfileSchema,
} from '@shared/vendors/vendor-profile';

/** The vendors domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

// Vendors
export const vendorApplications: ApiRoute<
  'GET',
  '/api/admin/vendor-applications',
  { response: typeof pendingApplicationListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendor-applications',
};

export const approveVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/approve',
  { response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/approve',
};

export const rejectVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/reject',
  { body: typeof rejectVendorSchema; response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/reject',
};

export const vendors: ApiRoute<
  'GET',
  '/api/admin/vendors',
  { query: typeof vendorListQuerySchema; response: typeof adminVendorPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendors',
};

export const vendorSummary: ApiRoute<
  'GET',
  '/api/admin/vendors/summary',
  { response: typeof vendorSummarySchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendors/summary',
};

export const vendor: ApiRoute<'GET', '/api/admin/vendors/:id', { response: typeof adminVendorDetailSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/vendors/:id',
};

export const updateVendor: ApiRoute<
  'PATCH',
  '/api/admin/vendors/:id',
  { body: typeof adminVendorEditSchema; response: typeof adminVendorDetailSchema },
  200
> = {
  method: 'PATCH',
  path: '/api/admin/vendors/:id',
};

export const suspendVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/suspend',
  { body: typeof suspendVendorSchema; response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/suspend',
};

export const unsuspendVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/unsuspend',
  { response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/unsuspend',
};

export const inviteVendor: ApiRoute<
  'POST',
  '/api/admin/vendor-invitations',
  { body: typeof inviteVendorSchema; response: typeof inviteVendorResultSchema },
  201
> = {
  method: 'POST',
  path: '/api/admin/vendor-invitations',
};

/** Customer: their visits of the last 24 hours still to rate. */
export const visitsToRate: ApiRoute<'GET', '/api/feedback/visits', { response: typeof visitsToRateSchema }, 200> = {
  method: 'GET',
  path: '/api/feedback/visits',
};

/** Customer: rate one visit (a stamp of theirs), once. */
export const rateVisit: ApiRoute<
  'POST',
  '/api/feedback/visits/:stampId',
  { body: typeof rateVisitRequestSchema; response: typeof visitRatingSchema },
  201
> = { method: 'POST', path: '/api/feedback/visits/:stampId' };

/** Vendor staff: the vendor's own ratings. */
export const vendorRatings: ApiRoute<'GET', '/api/vendor/feedback', { response: typeof ratingSummarySchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/feedback',
};

/** Admin: a vendor's ratings, when reviewing it. */
export const adminVendorRatings: ApiRoute<
  'GET',
  '/api/admin/vendors/:id/feedback',
  { response: typeof ratingSummarySchema },
  200
> = { method: 'GET', path: '/api/admin/vendors/:id/feedback' };

export const submit: ApiRoute<
  'POST',
  '/api/vendor-applications',
  { body: typeof vendorApplicationSchema; response: typeof vendorApplicationCreatedSchema },
  201
> = {
  method: 'POST',
  path: '/api/vendor-applications',
};

export const mine: ApiRoute<
  'GET',
  '/api/vendor-applications/mine',
  { response: typeof myVendorApplicationSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor-applications/mine',
};

export const dashboard: ApiRoute<
  'GET',
  '/api/vendor/dashboard',
  { query: typeof dashboardQuerySchema; response: typeof vendorDashboardSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/dashboard',
};

export const profile: ApiRoute<'GET', '/api/vendor/profile', { response: typeof vendorProfileResponseSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/profile',
};

export const updateProfile: ApiRoute<
  'PUT',
  '/api/vendor/profile',
  { body: typeof vendorProfileSchema; response: typeof vendorProfileResponseSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/profile',
};

export const changePassword: ApiRoute<
  'POST',
  '/api/vendor/account/password',
  { body: typeof changePasswordSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/account/password',
};

export const closeAccount: ApiRoute<
  'POST',
  '/api/vendor/account/close',
  { body: typeof closeAccountSchema; response: typeof closedAccountSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/account/close',
};

export const staff: ApiRoute<'GET', '/api/vendor/staff', { response: typeof staffListSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/staff',
};

export const inviteStaff: ApiRoute<
  'POST',
  '/api/vendor/staff/invitations',
  { body: typeof staffInviteSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/staff/invitations',
};

export const revokeInvitation: ApiRoute<
  'DELETE',
  '/api/vendor/staff/invitations/:id',
  { response: typeof okSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/vendor/staff/invitations/:id',
};

export const removeStaffMember: ApiRoute<
  'DELETE',
  '/api/vendor/staff/members/:userId',
  { response: typeof okSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/vendor/staff/members/:userId',
};

/** Owner: the branches a staff member works at, or every branch (decision 089). */
export const setStaffBranches: ApiRoute<
  'PUT',
  '/api/vendor/staff/members/:userId/branches',
  { body: typeof staffBranchesSchema; response: typeof okSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/staff/members/:userId/branches',
};

export const previewInvitation: ApiRoute<
  'POST',
  '/api/vendor-invitations/preview',
  { body: typeof invitationTokenSchema; response: typeof invitationPreviewSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor-invitations/preview',
};

export const acceptInvitation: ApiRoute<
  'POST',
  '/api/vendor-invitations/accept',
  { body: typeof invitationTokenSchema; response: typeof invitationAcceptedSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor-invitations/accept',
};

// The counter tablet (kiosk mode on Issue Stamp)
export const kioskSettings: ApiRoute<'GET', '/api/vendor/kiosk', { response: typeof kioskSettingsSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/kiosk',
};

export const setKioskPin: ApiRoute<
  'PUT',
  '/api/vendor/kiosk/pin',
  { body: typeof kioskPinSchema; response: typeof kioskSettingsSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/kiosk/pin',
};

export const checkKioskPin: ApiRoute<
  'POST',
  '/api/vendor/kiosk/pin/check',
  { body: typeof kioskPinSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/kiosk/pin/check',
};

// Branches (decision 084): the owner's shops; members read them
export const branches: ApiRoute<'GET', '/api/vendor/branches', { response: typeof branchListSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/branches',
};

/** Owner: places matching an address, through the server's geocoder, for the branch form's pin. */
export const searchBranchAddress: ApiRoute<
  'GET',
  '/api/vendor/branches/address-search',
  { query: typeof addressSearchQuerySchema; response: typeof addressMatchesSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/branches/address-search',
};

export const addBranch: ApiRoute<
  'POST',
  '/api/vendor/branches',
  { body: typeof branchInputSchema; response: typeof branchSchema },
  201
> = {
  method: 'POST',
  path: '/api/vendor/branches',
};

export const updateBranch: ApiRoute<
  'PUT',
  '/api/vendor/branches/:id',
  { body: typeof branchInputSchema; response: typeof branchSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/branches/:id',
};

export const archiveBranch: ApiRoute<
  'POST',
  '/api/vendor/branches/:id/archive',
  { response: typeof branchSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/branches/:id/archive',
};

export const resumeBranch: ApiRoute<'POST', '/api/vendor/branches/:id/resume', { response: typeof branchSchema }, 200> =
  {
    method: 'POST',
    path: '/api/vendor/branches/:id/resume',
  };
