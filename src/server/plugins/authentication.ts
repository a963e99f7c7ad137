import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { ensureUserProfile } from '@server/viewer/ensure-user-profile';
import { loadSessionViewer, loadViewer, type Viewer } from '@server/viewer/load-viewer';
import { forbidden, unauthorized } from '@server/errors';
import { sessionCookieReader } from './session-cookie';

/** Admins sign in with a second factor (PRODUCT.md section 3); the client sends them to set it up. */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Administrators must turn on two-factor sign-in before using the admin area.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, resolved once per request; null when signed out or disabled. */
    viewer(): Promise<Viewer | null>;
  }
}

const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

export const authenticationPlugin = fp(async (app: FastifyInstance) => {
  const cookies = await sessionCookieReader(app.deps.auth);

  /**
   * Every signed-in request, in one statement (decision 052): the signed cookie's session with its
   * user, profile, membership and vendor. Better Auth itself is asked only when it has something
   * to do beyond reading: a session due for its daily refresh (or expired: it deletes it), or a
   * person without a profile yet. Its refresh is judged on the real time, as Better Auth judges
   * it, so both always agree on which sessions are live.
   */
  async function resolve(request: FastifyRequest): Promise<Viewer | null> {
    const token = cookies.tokenOf(request);
    // No cookie, or a forged one: Better Auth would answer no session as well.
    if (token === null) return null;
    const found = await loadSessionViewer(app.deps.database.db, token);
    if (!found) return null;
    const refreshDueAt = found.expiresAt.getTime() - cookies.expiresInMs + cookies.updateAgeMs;
    if (found.viewer && refreshDueAt > Date.now()) return found.viewer.disabled ? null : found.viewer;
    return resolveThroughBetterAuth(request);
  }

  async function resolveThroughBetterAuth(request: FastifyRequest): Promise<Viewer | null> {
    const session = await app.deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    let viewer = await loadViewer(app.deps.database.db, session.user.id);
    if (!viewer) {
      const surname = (session.user as { surname?: string | null }).surname ?? '';
      await ensureUserProfile(app.deps.database.db, { ...session.user, surname }, app.deps.clock.now());
      viewer = await loadViewer(app.deps.database.db, session.user.id);
    }
    if (!viewer || viewer.disabled) return null;
    return viewer;
  }

  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let cached = viewerCache.get(this);
    if (!cached) {
      cached = resolve(this);
      viewerCache.set(this, cached);
    }
    return cached;
  });
});

export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthorized();
  return viewer;
}

export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!viewer.isAdmin) throw forbidden('Only administrators can do that.');
  if (!viewer.twoFactorEnabled) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE, 'two_factor_required');
  return viewer;
}

/**
 * A domain's admin screen (an audience of the domain, not a domain of its own): every route
 * `routes` registers is behind the admin guard. The hook runs before validation, so a visitor or
 * customer gets 401 or 403 whatever they send, and a route added there cannot forget the check.
 * Handlers that record who acted call requireAdmin again (the viewer is resolved once).
 */
export function adminOnly<Plugin extends FastifyPluginAsync>(routes: Plugin): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      await requireAdmin(request);
    });
    await app.register(routes);
  };
}

export interface VendorViewer extends Viewer {
  membership: NonNullable<Viewer['membership']>;
}

/** A member (owner or staff) of an approved vendor; `ownerOnly` for billing, profile and staff. */
export async function requireVendorMember(
  request: FastifyRequest,
  options: { ownerOnly?: boolean; allowUnapproved?: boolean } = {},
): Promise<VendorViewer> {
  const viewer = await requireViewer(request);
  const membership = viewer.membership;
  if (!membership) throw forbidden('This account is not part of a vendor.');
  if (!options.allowUnapproved && membership.vendorStatus !== 'approved') {
    throw forbidden(
      membership.vendorStatus === 'suspended'
        ? 'This vendor is suspended. Please contact support.'
        : 'Your vendor application has not been approved yet.',
    );
  }
  if (options.ownerOnly && membership.role !== 'owner') throw forbidden('Only the vendor owner can do that.');
  return viewer as VendorViewer;
}
