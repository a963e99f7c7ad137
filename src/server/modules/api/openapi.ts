import { z, type ZodObject, type ZodType } from 'zod';
import { BRAND } from '@shared/brand';
import { platformErrorAnswers } from '@server/plugins/openapi';
import {
  API_SCOPE_LABELS,
  IDEMPOTENCY_WINDOW_HOURS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  type ApiScope,
} from '@shared/api/vendor-api';
import {
  apiActivityQuerySchema,
  apiActivitySchema,
  apiCardListSchema,
  apiCustomerIdParamsSchema,
  apiCustomerLookupRequestSchema,
  apiCustomerLookupSchema,
  apiDayBillsParamsSchema,
  apiDayBillsRequestSchema,
  apiDayBillsSchema,
  apiErrorSchema,
  apiIssueStampRequestSchema,
  apiMeSchema,
  apiRedeemedRewardSchema,
  apiRedeemRequestSchema,
  apiRewardListSchema,
  apiRewardsQuerySchema,
  apiStampResultSchema,
} from '@shared/api/vendor-api-v1';

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes validate with
 * (z.toJSONSchema), so the reference cannot drift from the code. Its own document, apart from
 * the app's internal API description. The reference page (/developers) renders it.
 */

interface Operation {
  method: 'get' | 'post' | 'put';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  scope: ApiScope | null;
  params?: ZodObject;
  query?: ZodObject;
  body?: ZodType;
  response: ZodType;
  /** Writes take an Idempotency-Key. */
  idempotent?: boolean;
  example?: unknown;
  errors: number[];
}

const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/me',
    operationId: 'getMe',
    summary: 'Check a key',
    description: 'The vendor the key belongs to, its scopes and its rate limit. Any scope.',
    scope: null,
    response: apiMeSchema,
    errors: [401, 403, 429],
  },
  {
    method: 'post',
    path: '/customers/lookup',
    operationId: 'lookUpCustomer',
    summary: 'Look up a customer by their code',
    description:
      'Read the customer’s My QR code (scanned payload or typed 8 characters): their id, first name and where they stand on each active card your counter honours. Changes nothing.',
    scope: 'read',
    body: apiCustomerLookupRequestSchema,
    response: apiCustomerLookupSchema,
    example: { customerCode: 'K7QF-2MXD' },
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'post',
    path: '/stamps',
    operationId: 'issueStamp',
    summary: 'Issue a stamp',
    description:
      'One stamp on one of your cards (or a partner card you honour) for the customer whose My QR code is given: the same transaction and rules as the counter screen (card status, the card’s interval between stamps, your plan’s monthly limit, a completed card waiting for its reward). One customer code gives one stamp per card. The last stamp of a card earns its reward.',
    scope: 'stamp',
    body: apiIssueStampRequestSchema,
    response: apiStampResultSchema,
    idempotent: true,
    example: { customerCode: 'K7QF-2MXD', cardId: '3f0c2a9e-5d7b-4c1e-9a55-0d7c1b9e1f11' },
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  {
    method: 'get',
    path: '/customers/{customerId}/rewards',
    operationId: 'listCustomerRewards',
    summary: 'List a customer’s rewards',
    description: 'The customer’s rewards on the cards your counter honours, newest first: earned ones by default.',
    scope: 'read',
    params: apiCustomerIdParamsSchema,
    query: apiRewardsQuerySchema,
    response: apiRewardListSchema,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/rewards/redeem',
    operationId: 'redeemReward',
    summary: 'Confirm a redemption',
    description:
      'Redeem an earned reward, the customer present: either the live code of their Redeem Reward screen (rewardCode), or a reward id from their list with their My QR code (rewardId and customerCode). The customer’s card starts over. A reward is redeemed once.',
    scope: 'redeem',
    body: apiRedeemRequestSchema,
    response: apiRedeemedRewardSchema,
    idempotent: true,
    example: { rewardId: '9d7e5c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6', customerCode: 'K7QF-2MXD' },
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  {
    method: 'get',
    path: '/cards',
    operationId: 'listCards',
    summary: 'List cards',
    description: 'Your cards and the partner cards you honour (archived ones left out), by name.',
    scope: 'read',
    response: apiCardListSchema,
    errors: [401, 403, 429],
  },
  {
    method: 'get',
    path: '/activity',
    operationId: 'getDayActivity',
    summary: 'Read the day’s activity',
    description:
      'The stamps your counter issued and the rewards it confirmed on one day (Pakistan time), newest first, with the day’s totals. Page with nextCursor.',
    scope: 'read',
    query: apiActivityQuerySchema,
    response: apiActivitySchema,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'put',
    path: '/bills/{day}',
    operationId: 'putDayBills',
    summary: 'Report a day’s bills',
    description:
      'How many bills your till rang up on a day (Pakistan time), stamped or not: your analytics show which share of your bills carried a stamp. Sending a day again replaces its number, so a retry is safe. Never fewer than the visits stamped that day. A month for which the owner entered the total bills on the analytics page keeps the owner’s number.',
    scope: 'stamp',
    params: apiDayBillsParamsSchema,
    body: apiDayBillsRequestSchema,
    response: apiDayBillsSchema,
    example: { totalBills: 412 },
    errors: [400, 401, 403, 429],
  },
];

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad input: error.fields names each field at fault (validation_failed, invalid_code, code_expired, idempotency_key_required).',
  401: 'No key, an unknown key or a revoked key (api_key_required, invalid_api_key, api_key_revoked).',
  403: 'The key lacks the scope (insufficient_scope), the vendor’s plan lacks API access (plan_required, with the billing address), or the vendor is suspended or closed (vendor_unavailable).',
  404: 'Not found (a card that is not yours looks like one that does not exist).',
  409: 'The counter refused: stamp_too_soon, reward_pending, code_already_used, card_unavailable, already_redeemed, stamp_limit_reached.',
  422: 'idempotency_key_reused: the Idempotency-Key was used with a different request.',
  429: 'Over the key’s requests per minute; wait Retry-After seconds.',
};

type JsonObject = Record<string, unknown>;

/** A zod schema as JSON Schema, its named parts moved to components. */
function jsonSchema(schema: ZodType, io: 'input' | 'output', components: JsonObject): JsonObject {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  delete converted.$schema;
  const defs = (converted.$defs ?? {}) as JsonObject;
  delete converted.$defs;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          key === '$ref' && typeof item === 'string'
            ? item.replace('#/$defs/', '#/components/schemas/')
            : rewrite(item),
        ]),
      );
    return value;
  };
  for (const [name, definition] of Object.entries(defs)) components[name] = rewrite(definition);
  return rewrite(converted) as JsonObject;
}

function parametersOf(shape: ZodObject | undefined, place: 'path' | 'query', components: JsonObject) {
  if (!shape) return [];
  return Object.entries(shape.shape).map(([name, field]) => {
    const schema = jsonSchema(field as ZodType, 'input', components);
    const { description, ...rest } = schema;
    return {
      name,
      in: place,
      required: place === 'path' || !(field as ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const WEBHOOK_EXAMPLES: Record<(typeof WEBHOOK_EVENT_TYPES)[number], JsonObject> = {
  'customer.joined': {
    customer: { id: 'usr_…', name: 'Ayesha' },
    card: { id: '…', name: 'Chai Lovers Card' },
    joinedAt: '2026-03-18T09:30:00.000Z',
  },
  'stamp.created': {
    stamp: { id: '…', issuedAt: '2026-03-18T09:30:00.000Z', issuedByVendorId: '…', quantity: 1 },
    card: { id: '…', name: 'Chai Lovers Card', stampsCollected: 4, stampsRequired: 8 },
    customer: { id: 'usr_…', name: 'Ayesha' },
  },
  'reward.earned': {
    reward: { id: '…', rewardTitle: 'Free Chai', rewardValue: 150, earnedAt: '2026-03-18T09:30:00.000Z' },
    card: { id: '…', name: 'Chai Lovers Card' },
    customer: { id: 'usr_…', name: 'Ayesha' },
  },
  'reward.redeemed': {
    reward: { id: '…', rewardTitle: 'Free Chai', rewardValue: 150, redeemedAt: '…', redeemedByVendorId: '…' },
    card: { id: '…', name: 'Chai Lovers Card' },
    customer: { id: 'usr_…', name: 'Ayesha' },
  },
  'stamp.reversed': {
    stampIds: ['…'],
    reversedAt: '2026-03-18T18:00:00.000Z',
    card: { id: '…', name: 'Chai Lovers Card', stampsCollected: 1 },
    withdrawnRewardIds: ['…'],
    customer: { id: 'usr_…', name: 'Ayesha' },
  },
  'card.updated': {
    change: 'status_changed',
    card: {
      id: '…',
      name: 'Chai Lovers Card',
      cardType: 'free',
      status: 'paused',
      stampsRequired: 8,
      rewardTitle: 'Free Chai',
      rewardValue: 150,
    },
  },
};

/** Node.js code that checks a delivery's signature, shown on the reference page. */
export const SIGNATURE_VERIFICATION_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string or Buffer), before JSON.parse.
export function verifyChaskaSignature(secret, header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false; // replayed or stale
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(Buffer.from(expected), given);
}

// Express: app.post('/chaska-webhooks', express.raw({ type: 'application/json' }), (req, res) => {
//   if (!verifyChaskaSignature(process.env.CHASKA_WEBHOOK_SECRET, req.get('${WEBHOOK_SIGNATURE_HEADER}'), req.body)) return res.sendStatus(400);
//   const event = JSON.parse(req.body); // { id, type, created, data }: skip an id you have seen
//   res.sendStatus(200);
// });`;

/** The vendor API's document; bodyLimitBytes is the server's (Fastify's bodyLimit). */
export function buildOpenApiDocument(publicUrl: string, bodyLimitBytes: number): JsonObject {
  const components: JsonObject = {};
  const errorRef = jsonSchema(apiErrorSchema, 'output', components);
  const paths: Record<string, JsonObject> = {};
  for (const operation of OPERATIONS) {
    const responses: JsonObject = {
      200: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(operation.response, 'output', components) } },
      },
    };
    for (const status of operation.errors)
      responses[status] = {
        description: ERROR_MEANINGS[status],
        ...(status === 429
          ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } }
          : {}),
        content: { 'application/json': { schema: errorRef } },
      };
    Object.assign(responses, platformErrorAnswers(errorRef, operation.body ? { limitBytes: bodyLimitBytes } : null));
    const parameters = [
      ...parametersOf(operation.params, 'path', components),
      ...parametersOf(operation.query, 'query', components),
      ...(operation.idempotent
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              description: `A new random value (8 to 100 characters, a UUID is ideal) per operation. A retry with the same key and body answers the stored result for ${IDEMPOTENCY_WINDOW_HOURS} hours (header Idempotent-Replayed: true) and never stamps twice; the same key with another body is a 422.`,
              schema: { type: 'string', minLength: 8, maxLength: 100 },
            },
          ]
        : []),
    ];
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: {
        operationId: operation.operationId,
        summary: operation.summary,
        description: operation.description,
        'x-scope': operation.scope ?? 'any',
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: jsonSchema(operation.body, 'input', components),
                    ...(operation.example ? { example: operation.example } : {}),
                  },
                },
              },
            }
          : {}),
        responses,
      },
    };
  }
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: WEBHOOK_EVENT_LABELS[type],
          description: `Posted to each endpoint subscribed to ${type}, signed in the ${WEBHOOK_SIGNATURE_HEADER} header.`,
          requestBody: {
            content: {
              'application/json': {
                example: { id: 'a5b1c2d3-…', type, created: '2026-03-18T09:30:00.000Z', data: WEBHOOK_EXAMPLES[type] },
              },
            },
          },
          responses: { 200: { description: 'Any 2xx counts as delivered.' } },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: `${BRAND.name} vendor API`,
      version: '1',
      license: { name: `Proprietary: part of ${BRAND.name}’s Enterprise plan`, url: `${publicUrl}/terms` },
      description: [
        `The API a point-of-sale system uses to work a ${BRAND.name} vendor’s counter: look customers up by their code, issue stamps, list and redeem rewards, list cards and read the day’s activity. It is part of the Enterprise plan.`,
        'Authenticate with a key the vendor owner creates on API & Webhooks: `Authorization: Bearer chk_live_…`. A key has scopes (' +
          Object.entries(API_SCOPE_LABELS)
            .map(([scope, label]) => `${scope}: ${label.split(': ')[1]}`)
            .join('; ') +
          ') and a limit of requests per minute (429 with Retry-After beyond it).',
        'Every write takes an Idempotency-Key header. Errors are `{ "error": { "code", "message", "fields"? } }`.',
        `Webhooks: each delivery is a POST of \`{ id, type, created, data }\` with the header \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\` keyed with the endpoint’s signing secret. Answer 2xx within 10 seconds; other answers are retried with growing gaps for ${WEBHOOK_RETRY_WINDOW_HOURS} hours. Delivery is at least once: skip an event id you have already handled.`,
      ].join('\n\n'),
    },
    servers: [{ url: new URL('/api/v1', publicUrl).href }],
    security: [{ apiKey: [] }],
    paths,
    webhooks,
    'x-signature-verification-node': SIGNATURE_VERIFICATION_EXAMPLE,
    components: {
      schemas: components,
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'The vendor’s API key, chk_live_…' } },
    },
  };
}
