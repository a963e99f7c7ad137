import type { okSchema } from '@shared/ok';
import type { dashboardQuerySchema, vendorDashboardSchema } from '@shared/vendor-dashboard';
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
} from '@shared/vendor-profile';
import { route } from './route';

/** The vendor's dashboard, profile, account and team (the business-data download is a file). */
export const vendorsApi = {
  dashboard: route<{ query: typeof dashboardQuerySchema; response: typeof vendorDashboardSchema }>()(
    'GET',
    '/api/vendor/dashboard',
  ),
  profile: route<{ response: typeof vendorProfileResponseSchema }>()('GET', '/api/vendor/profile'),
  updateProfile: route<{ body: typeof vendorProfileSchema; response: typeof vendorProfileResponseSchema }>()(
    'PUT',
    '/api/vendor/profile',
  ),
  changePassword: route<{ body: typeof changePasswordSchema; response: typeof okSchema }>()(
    'POST',
    '/api/vendor/account/password',
  ),
  closeAccount: route<{ body: typeof closeAccountSchema; response: typeof closedAccountSchema }>()(
    'POST',
    '/api/vendor/account/close',
  ),
  staff: route<{ response: typeof staffListSchema }>()('GET', '/api/vendor/staff'),
  inviteStaff: route<{ body: typeof staffInviteSchema; response: typeof okSchema }>()(
    'POST',
    '/api/vendor/staff/invitations',
  ),
  revokeInvitation: route<{ response: typeof okSchema }>()('DELETE', '/api/vendor/staff/invitations/:id'),
  removeStaffMember: route<{ response: typeof okSchema }>()('DELETE', '/api/vendor/staff/members/:userId'),
  previewInvitation: route<{ body: typeof invitationTokenSchema; response: typeof invitationPreviewSchema }>()(
    'POST',
    '/api/vendor-invitations/preview',
  ),
  acceptInvitation: route<{ body: typeof invitationTokenSchema; response: typeof invitationAcceptedSchema }>()(
    'POST',
    '/api/vendor-invitations/accept',
  ),
};
