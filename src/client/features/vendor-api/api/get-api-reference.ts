import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

/** The parts of the vendor API's OpenAPI document the reference page reads. */
export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

export interface ApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface ApiOperation {
  operationId: string;
  summary: string;
  description: string;
  'x-scope': string;
  parameters?: ApiParameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema; example?: unknown } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>;
}

export interface ApiDocument {
  info: { title: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, ApiOperation>>;
  webhooks: Record<
    string,
    {
      post: {
        summary: string;
        description: string;
        requestBody: { content: { 'application/json': { example: unknown } } };
      };
    }
  >;
  components: { schemas: Record<string, JsonSchema> };
  'x-signature-verification-node': string;
}

export function useApiReference() {
  return useQuery({
    queryKey: ['api-reference'],
    queryFn: ({ signal }) => apiFetch<ApiDocument>('/api/v1/openapi.json', { signal }),
    staleTime: 5 * 60_000,
  });
}
