import { z } from 'zod';

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

/** The public paths a search engine should find; vendor pages are /vendors/<slug>. */
export const seoPathSchema = z
  .string({ error: 'Please choose a page.' })
  .trim()
  .max(200, 'The page address is too long.')
  .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'Use a page address such as /pricing or /vendors/butt-karahi.');

export const seoPageSchema = z.object({
  path: z.string(),
  /** What the page shows when no admin title is set. */
  defaultTitle: z.string().nullable(),
  defaultDescription: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SeoPage = z.infer<typeof seoPageSchema>;
export const seoPageListSchema = z.object({
  pages: z.array(seoPageSchema),
  sitemapUrl: z.string(),
  robotsUrl: z.string(),
});

export const saveSeoPageSchema = z.object({
  path: seoPathSchema,
  title: z
    .string()
    .trim()
    .min(1, 'Title is required.')
    .max(SEO_TITLE_MAX, `Title is at most ${SEO_TITLE_MAX} characters.`),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required.')
    .max(SEO_DESCRIPTION_MAX, `Description is at most ${SEO_DESCRIPTION_MAX} characters.`),
});
export type SaveSeoPageInput = z.infer<typeof saveSeoPageSchema>;
export const seoPathQuerySchema = z.object({ path: seoPathSchema });

/** GET /api/page-head: a public page's head, as the HTML carries it (src/shared/seo/page-heads.ts). */
export const pageHeadQuerySchema = z.object({ path: seoPathSchema });
export const pageHeadSchema = z.object({ title: z.string(), description: z.string() });
