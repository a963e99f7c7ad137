import type {
  myVendorApplicationSchema,
  vendorApplicationCreatedSchema,
  vendorApplicationSchema,
} from '@shared/marketplace';
import { route } from './route';

/** Applying to become a vendor, and the applicant's own application. */
export const vendorApplicationsApi = {
  submit: route<{ body: typeof vendorApplicationSchema; response: typeof vendorApplicationCreatedSchema }>()(
    'POST',
    '/api/vendor-applications',
    201,
  ),
  mine: route<{ response: typeof myVendorApplicationSchema }>()('GET', '/api/vendor-applications/mine'),
};
