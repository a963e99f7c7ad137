import { randomUUID } from 'node:crypto';
import { z, type ZodType } from 'zod';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Values a field name asks for, so a generated request reaches real rows (a vendor, a card, a plan). */
export type FieldHints = Record<string, unknown>;

/** Texts tried against a pattern, in order; the first that matches is used. */
const PATTERN_CANDIDATES = [
  'fuzz',
  '/pricing',
  '+92 300 1234567',
  '12:00',
  'landing:hero.headline',
  'fuzz-karahi-house',
  'ABCD2345',
  'fuzz@example.pk',
  'https://example.pk',
  '2026-03-11',
  'Fuzz',
  '1',
  // A short PIN (the counter tablet's): tried last, so no field a word or number fits sooner changes.
  '2468',
];

/** What a field's name says it holds, for checks a JSON Schema cannot carry (refinements). */
const NAMED_TEXTS: Array<[RegExp, () => string]> = [
  [/email/i, () => `fuzz.${randomUUID().slice(0, 8)}@example.pk`],
  [/website|url$|page$/i, () => 'https://example.pk'],
  [/phone|whatsapp/i, () => '+92 300 1234567'],
  [/handle$/i, () => 'fuzz_karahi'],
  // A day after the test clock's "now" (2026-03-11T07:30:00Z): deals and offers end in the future.
  [/endsAt$|expiresAt$/i, () => '2026-03-12T07:30:00.000Z'],
  [/startsAt$/i, () => '2026-03-11T07:30:00.000Z'],
  // QR colours: dark on light, as a scanner reads them.
  [/foreground$/i, () => '#1c1917'],
  [/background$/i, () => '#ffffff'],
];

function fitLength(text: string, schema: JsonSchema): string {
  let value = text;
  if (schema.minLength !== undefined && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  return value;
}

function sampleString(schema: JsonSchema, name: string, hints: FieldHints): string {
  const hinted = hints[name];
  if (typeof hinted === 'string') return hinted;
  switch (schema.format) {
    case 'email':
      return `fuzz.${randomUUID().slice(0, 8)}@example.pk`;
    case 'uuid':
      return randomUUID();
    case 'uri':
    case 'url':
      return 'https://example.pk';
    case 'date-time':
      return '2026-03-11T07:30:00.000Z';
    case 'date':
      return '1994-05-01';
    case 'time':
      return '12:00';
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const found = PATTERN_CANDIDATES.map((candidate) => fitLength(candidate, schema)).find((candidate) =>
      pattern.test(candidate),
    );
    if (found) return found;
    // A code of a fixed length (a key, a secret): that many letters, when the pattern takes them.
    const length = /\{(\d+)\}\$$/.exec(schema.pattern)?.[1];
    const letters = length === undefined ? '' : 'A'.repeat(Number(length));
    if (letters && pattern.test(letters)) return letters;
  }
  const named = NAMED_TEXTS.find(([pattern]) => pattern.test(name));
  return fitLength(named ? named[1]() : 'Fuzz text', schema);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const value = schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
  return integer ? Math.ceil(value) : value;
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return root.$defs?.[name] ?? {};
}

function sample(
  input: JsonSchema,
  root: JsonSchema,
  name: string,
  hints: FieldHints,
  depth: number,
  requiredOnly: boolean,
): unknown {
  const schema = resolve(input, root);
  if (depth > 8) return null;
  if (name in hints && typeof hints[name] !== 'string') return hints[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const first = choices.find((choice) => resolve(choice, root).type !== 'null') ?? choices[0]!;
    return sample(first, root, name, hints, depth + 1, requiredOnly);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], root, name, hints, depth + 1, requiredOnly);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (requiredOnly && depth === 0 && !schema.required?.includes(key)) continue;
        result[key] = sample(property, root, key, hints, depth + 1, requiredOnly);
      }
      return result;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, root, name, hints, depth + 1, requiredOnly),
      );
    case 'string':
      return sampleString(schema, name, hints);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return typeof hints[name] === 'string' ? hints[name] : 'Fuzz text';
  }
}

/**
 * A plausible input for a route's zod schema, made from its JSON Schema: every property filled,
 * formats and patterns respected, names in `hints` given real values. `valid` says whether the
 * schema accepts it; where it does not (a refinement, a signed code), the hostile variants still
 * exercise validation, and the handler is reached through the ones the schema lets in.
 */
export function sampleInput(
  schema: ZodType,
  hints: FieldHints,
  options: { requiredOnly?: boolean } = {},
): { value: unknown; valid: boolean } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const value = sample(json, json, '', hints, 0, options.requiredOnly ?? false);
  return { value, valid: schema.safeParse(value).success };
}

/** The declared top-level property names of an object schema (query strings and path parameters). */
export function propertyNames(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.keys(json.properties ?? {});
}
