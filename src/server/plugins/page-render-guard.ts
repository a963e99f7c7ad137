import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@shared/i18n/languages';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { createCountsCache, NO_CACHE } from '@server/lib/counts-cache';
import { authCookiePrefix, carriesAuthCookie } from './auth-cookies';

/** A server rendering of a public page: #root's markup and its state, or null when the browser renders. */
export type DrawPage = () => Promise<string | null>;

/** Draws a page through the guard: the markup of #root, or null when the browser renders it. */
export type PageRenderGuard = (request: FastifyRequest, language: Language, draw: DrawPage) => Promise<string | null>;

/** What stops a rendering from being kept or counted as drawn: the browser will render that page. */
class PageNotDrawn extends Error {}

const RENDER_WINDOW_MS = 60_000;

/**
 * A server rendering costs 30–95 ms of CPU (decision 053) where the shell the browser renders
 * costs about one, so a crowd or a script asking for pages could make it the server's limit
 * (decision 058). Two guards:
 * - signed-out visitors share the rendering of one address in one language for
 *   `PUBLIC_LISTING_CACHE_SECONDS`, like the listings they are drawn from (decision 010), and
 *   concurrent requests for it wait for one rendering;
 * - each client address may cause `PAGE_RENDERS_PER_MINUTE` renderings; past that it gets the
 *   shell, which draws the same page in the browser, so nobody is refused a page.
 * A request with a sign-in cookie is never served a shared rendering (its page may be the
 * browser's, decided by its session), but its renderings count against its address like any other.
 */
export function createPageRenderGuard(app: FastifyInstance): PageRenderGuard {
  const { config, clock, database } = app.deps;
  const shared =
    config.publicListingCacheSeconds > 0
      ? createCountsCache(config.publicListingCacheSeconds * 1000, () => clock.now().getTime())
      : NO_CACHE;
  const cookiePrefix = authCookiePrefix(app);

  async function drawWithinBudget(request: FastifyRequest, draw: DrawPage): Promise<string> {
    const budget = await consumeRateLimit(
      database.db,
      `page-render:${request.ip}`,
      config.pageRendersPerMinute,
      RENDER_WINDOW_MS,
      clock.now(),
    );
    if (!budget.allowed) throw new PageNotDrawn();
    const root = await draw();
    // Not kept: a failed rendering or a page left to the browser is tried again by the next visitor.
    if (root === null) throw new PageNotDrawn();
    return root;
  }

  return async function guardedRender(request: FastifyRequest, language: Language, draw: DrawPage) {
    try {
      if (carriesAuthCookie(request, cookiePrefix)) return await drawWithinBudget(request, draw);
      return await shared.get(`${language} ${request.url}`, () => drawWithinBudget(request, draw));
    } catch (error) {
      if (error instanceof PageNotDrawn) return null;
      throw error;
    }
  };
}
