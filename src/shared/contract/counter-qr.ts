import type { qrStyleResponseSchema } from '@shared/qr-style';
import { route } from './route';

/** The look of the vendor's codes (the printable poster is a file: GET /api/vendor/counter-poster.pdf). */
export const counterQrApi = {
  qrStyle: route<{ response: typeof qrStyleResponseSchema }>()('GET', '/api/vendor/qr-style'),
};
