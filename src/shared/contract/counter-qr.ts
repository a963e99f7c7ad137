import type { qrStyleResponseSchema } from '@shared/stamps/qr-style';
import type { ApiRoute } from './route';

/** The look of the vendor's codes (the printable poster is a file: GET /api/vendor/counter-poster.pdf). Import it as a namespace: `import * as counterQrApi from '@shared/contract/counter-qr'`. */

export const qrStyle: ApiRoute<'GET', '/api/vendor/qr-style', { response: typeof qrStyleResponseSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/qr-style',
};
