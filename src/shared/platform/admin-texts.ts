import { z } from 'zod';
import { LANGUAGES } from '@shared/i18n/languages';
import { MESSAGE_LANGUAGES } from '@shared/i18n/roman-urdu';
import { TEXT_VALUE_MAX } from '@shared/i18n/text-limits';

/** The language whose texts an override replaces (decision 047); Roman Urdu has the phone's texts only (082). */
const textLanguageSchema = z.enum(MESSAGE_LANGUAGES, { error: 'language must be en, ur or ur-Latn' });

/** GET /api/texts: the overrides of one interface language (the visitor's unless asked), by full key ("landing:hero.headline"). */
export const textOverridesQuerySchema = z.object({
  language: z.enum(LANGUAGES, { error: 'language must be en or ur' }).optional(),
});
export const textOverridesMapSchema = z.object({
  language: z.enum(LANGUAGES),
  texts: z.record(z.string(), z.string()),
});
export type TextOverridesMap = z.infer<typeof textOverridesMapSchema>;

/** PUT and DELETE /api/admin/texts/:language/:key: one text of one language. */
export const textKeyParamsSchema = z.object({
  language: textLanguageSchema,
  key: z
    .string()
    .max(100, 'Unknown text key.')
    .regex(/^[a-z]+:[A-Za-z0-9_.-]+$/, 'Unknown text key.'),
});
export const textOverrideBodySchema = z.object({
  value: z
    .string()
    .trim()
    .min(1, 'The text cannot be empty; reset it to use the default.')
    .max(TEXT_VALUE_MAX, `The text is at most ${TEXT_VALUE_MAX} characters.`),
});
export const textsQuerySchema = z.object({
  language: textLanguageSchema.default('en'),
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  namespace: z.string().trim().max(40, 'namespace is at most 40 characters').optional(),
});

export const adminTextEntrySchema = z.object({
  key: z.string(),
  namespace: z.string(),
  area: z.string(),
  fallback: z.string(),
  placeholders: z.array(z.string()),
  /** Part of a WhatsApp message or an SMS (the only texts Roman Urdu has). */
  phone: z.boolean(),
  value: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminTextEntry = z.infer<typeof adminTextEntrySchema>;
export const adminTextListSchema = z.object({
  language: z.enum(MESSAGE_LANGUAGES),
  entries: z.array(adminTextEntrySchema),
  namespaces: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
});
export type AdminTextList = z.infer<typeof adminTextListSchema>;
