import type { okSchema } from '@shared/ok';
import type { dashboardQuerySchema, vendorDashboardSchema } from '@shared/vendors/vendor-dashboard';
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
import type { ApiRoute } from './route';

/** The vendor's dashboard, profile, account and team (the business-data download is a file). Import it as a namespace: `import * as vendorsApi from '@shared/contract/vendors'`. */

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
