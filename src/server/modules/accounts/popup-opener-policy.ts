import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Google popup must keep its link to the /auth page that opened it, or the page cannot hear
 * "signed in" and, worse, sees the popup as closed and reports "Authentication was cancelled".
 * Helmet's `Cross-Origin-Opener-Policy: same-origin-allow-popups` on our pages that the popup
 * loads after Google's would put it in a new browsing context group and cut that link, so these
 * few addresses answer with `unsafe-none`. They hold nothing to protect from an opener: the
 * callback page only posts to windows of this origin. See docs/decisions/007-google-sign-in-popup.md.
 */
const POPUP_PATHS = [
  '/auth/callback',
  '/api/accounts/google/start',
  '/api/auth/oauth2/callback/',
  '/api/auth/callback/',
];

export function isPopupPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return POPUP_PATHS.some((path) => (path.endsWith('/') ? pathname.startsWith(path) : pathname === path));
}

export const popupOpenerPolicy = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (isPopupPath(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
});
