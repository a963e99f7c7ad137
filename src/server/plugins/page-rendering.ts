import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@shared/i18n/languages';

/**
 * What the server's rendering of the public pages exports (src/client/entry-server.tsx, built into
 * dist/ssr by `vite build --ssr`, decision 053), as far as the server uses it.
 */
export interface PageRenderer {
  renderPublicPage(request: {
    url: string;
    language: Language;
    callApi: (path: string, init: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; state: unknown } | null>;
}

/** The built renderer, or null when this build has none (then every page is rendered by the browser). */
export async function loadPageRenderer(ssrFolder: string): Promise<PageRenderer | null> {
  const entry = path.join(ssrFolder, 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/** Statuses whose answers have no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

function headerValue(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * A page's API calls answered by the same routes in-process, as the visitor: their cookies (the
 * language, and a session that makes the renderer step aside), their Accept-Language and their
 * address (rate limits count them as the visitor's own calls).
 */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest) {
  return async (apiPath: string, init: RequestInit): Promise<Response> => {
    // A page is drawn from reads only; a rendering never changes anything.
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`A page rendering called ${init.method} ${apiPath}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    const cookie = headerValue(request.headers.cookie);
    if (cookie) headers.cookie = cookie;
    const acceptLanguage = headerValue(request.headers['accept-language']);
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    const answer = await app.inject({ method: 'GET', url: apiPath, headers, remoteAddress: request.ip });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      const text = headerValue(value);
      if (text !== undefined) responseHeaders.set(name, text);
    }
    return new Response(NO_BODY.has(answer.statusCode) ? null : answer.body, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
