import type { deviceListSchema, enrolDeviceRequestSchema, enrolledDeviceSchema } from '@shared/stamps/devices';
import type { okSchema } from '@shared/ok';
import type { ApiRoute } from './route';

/** A customer's devices for offline My QR codes. Import it as a namespace: `import * as devicesApi from '@shared/contract/devices'`. */

export const listDevices: ApiRoute<'GET', '/api/devices', { response: typeof deviceListSchema }, 200> = {
  method: 'GET',
  path: '/api/devices',
};

export const enrolDevice: ApiRoute<
  'POST',
  '/api/devices',
  { body: typeof enrolDeviceRequestSchema; response: typeof enrolledDeviceSchema },
  201
> = {
  method: 'POST',
  path: '/api/devices',
};

export const removeDevice: ApiRoute<'DELETE', '/api/devices/:deviceId', { response: typeof okSchema }, 200> = {
  method: 'DELETE',
  path: '/api/devices/:deviceId',
};
