import type { ApiRoute } from '@shared/api-route';
import type { okSchema } from '@shared/ok';
import type {
  fraudAlertListSchema,
  fraudAlertSchema,
  fraudRulesSchema,
  fraudRulesUpdateSchema,
} from '@shared/stamps/fraud-rules';
import type { deviceListSchema, enrolDeviceRequestSchema, enrolledDeviceSchema } from '@shared/stamps/devices';
import type { qrStyleResponseSchema } from '@shared/stamps/qr-style';
import type {
  referralClaimRequestSchema,
  referralClaimSchema,
  referralInviteRequestSchema,
  referralInviteSchema,
  referralSettingsSchema,
  vendorReferralSummarySchema,
} from '@shared/stamps/referrals';
import type {
  cardCodeSchema,
  collectStampRequestSchema,
  counterCodeQuerySchema,
  heldCounterCodeSchema,
  holdCounterCodeRequestSchema,
  phoneLookupRequestSchema,
  phoneStampRequestSchema,
  customerCodeLookupRequestSchema,
  customerCodeLookupSchema,
  issueStampRequestSchema,
  rotatingCodeSchema,
  stampResultSchema,
} from '@shared/stamps/stamps';

/** The stamps domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

export const qrStyle: ApiRoute<'GET', '/api/vendor/qr-style', { response: typeof qrStyleResponseSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/qr-style',
};

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

/** Customer: the invitation (code and address) to share for one of their cards. */
export const invite: ApiRoute<
  'POST',
  '/api/referrals/invites',
  { body: typeof referralInviteRequestSchema; response: typeof referralInviteSchema },
  200
> = { method: 'POST', path: '/api/referrals/invites' };

/** Customer (the friend): accept a referral code. */
export const claim: ApiRoute<
  'POST',
  '/api/referrals/claim',
  { body: typeof referralClaimRequestSchema; response: typeof referralClaimSchema },
  200
> = { method: 'POST', path: '/api/referrals/claim' };

/** Vendor staff: the referral panel. */
export const vendorSummary: ApiRoute<
  'GET',
  '/api/vendor/referrals',
  { response: typeof vendorReferralSummarySchema },
  200
> = { method: 'GET', path: '/api/vendor/referrals' };

/** Vendor owner: switch referral bonuses on or off. */
export const updateSettings: ApiRoute<
  'PUT',
  '/api/vendor/referrals',
  { body: typeof referralSettingsSchema; response: typeof vendorReferralSummarySchema },
  200
> = { method: 'PUT', path: '/api/vendor/referrals' };

export const collectStamp: ApiRoute<
  'POST',
  '/api/stamps/collect',
  { body: typeof collectStampRequestSchema; response: typeof stampResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/stamps/collect',
};

export const myCode: ApiRoute<'POST', '/api/stamps/my-code', { response: typeof rotatingCodeSchema }, 200> = {
  method: 'POST',
  path: '/api/stamps/my-code',
};

export const demoCode: ApiRoute<'POST', '/api/stamps/demo-code', { response: typeof cardCodeSchema }, 200> = {
  method: 'POST',
  path: '/api/stamps/demo-code',
};

export const counterCode: ApiRoute<
  'POST',
  '/api/vendor/cards/:cardId/counter-code',
  { query: typeof counterCodeQuerySchema; response: typeof cardCodeSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/cards/:cardId/counter-code',
};

export const lookupCustomerCode: ApiRoute<
  'POST',
  '/api/vendor/stamps/lookup',
  { body: typeof customerCodeLookupRequestSchema; response: typeof customerCodeLookupSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/stamps/lookup',
};

export const issueStamp: ApiRoute<
  'POST',
  '/api/vendor/stamps',
  { body: typeof issueStampRequestSchema; response: typeof stampResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/stamps',
};

export const holdCounterCode: ApiRoute<
  'POST',
  '/api/stamps/hold',
  { body: typeof holdCounterCodeRequestSchema; response: typeof heldCounterCodeSchema },
  200
> = {
  method: 'POST',
  path: '/api/stamps/hold',
};

export const lookupCustomerByPhone: ApiRoute<
  'POST',
  '/api/vendor/stamps/phone-lookup',
  { body: typeof phoneLookupRequestSchema; response: typeof customerCodeLookupSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/stamps/phone-lookup',
};

export const stampByPhone: ApiRoute<
  'POST',
  '/api/vendor/stamps/by-phone',
  { body: typeof phoneStampRequestSchema; response: typeof stampResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/stamps/by-phone',
};

/** The owner's fraud rules (decision 086): the quantity above which an order asks for the shop's PIN. */
export const fraudRules: ApiRoute<'GET', '/api/vendor/fraud-rules', { response: typeof fraudRulesSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/fraud-rules',
};

export const setFraudRules: ApiRoute<
  'PUT',
  '/api/vendor/fraud-rules',
  { body: typeof fraudRulesUpdateSchema; response: typeof fraudRulesSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/fraud-rules',
};

/** The owner's alerts: the newest, each with the stamps behind it. */
export const fraudAlerts: ApiRoute<'GET', '/api/vendor/fraud-alerts', { response: typeof fraudAlertListSchema }, 200> =
  {
    method: 'GET',
    path: '/api/vendor/fraud-alerts',
  };

/** "This is fine". */
export const dismissFraudAlert: ApiRoute<
  'POST',
  '/api/vendor/fraud-alerts/:alertId/dismiss',
  { response: typeof fraudAlertSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/fraud-alerts/:alertId/dismiss',
};

/** "Reverse these stamps". */
export const reverseFraudAlert: ApiRoute<
  'POST',
  '/api/vendor/fraud-alerts/:alertId/reverse',
  { response: typeof fraudAlertSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/fraud-alerts/:alertId/reverse',
};
