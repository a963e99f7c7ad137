import type {
  myVendorApplicationSchema,
  vendorApplicationCreatedSchema,
  vendorApplicationSchema,
} from '@shared/marketplace/marketplace';
import type { ApiRoute } from './route';

/** Applying to become a vendor, and the applicant's own application. Import it as a namespace: `import * as vendorApplicationsApi from '@shared/contract/vendor-applications'`. */

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
