import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE, LANGUAGE_DIRECTION, requestLanguage, type Language } from '@shared/i18n/languages';
import { clientDistFolder } from '@server/paths';
import { sendNotFound } from './errors';
import { createRoutePreloads, readRoutePreloads } from './route-preloads';

/** The head of a page (title, description, social tags) in the page's language. */
export type HeadResolver = (request: FastifyRequest, language: Language) => Promise<string>;

const NON_SPA_PREFIXES = ['/api/', '/sandbox-pay/'];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderHead(title: string, description: string, extra = ''): string {
  return `<title>${escapeHtml(title)}</title>\n    <meta name="description" content="${escapeHtml(description)}" />${extra}`;
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET
 * so React Router can take over. The head (title, description, structured data) is filled per
 * path on the server so that crawlers see it without running JavaScript.
 */
export interface SpaOptions {
  resolveHead?: HeadResolver;
  /** The built client; dist/client unless a test builds its own. */
  clientFolder?: string;
  /**
   * Log level of the requests for built files. A page load fetches a few dozen of them: a line
   * each would bury the requests that matter, so they log only warnings unless asked for.
   */
  assetLogLevel?: 'warn' | 'info' | 'debug' | 'trace';
}

export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const clientFolder = options.clientFolder ?? clientDistFolder;
  const indexFile = path.join(clientFolder, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn('dist/client is missing: run `npm run build` to serve the web app from this process');
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const preloadsFor = createRoutePreloads(readRoutePreloads(clientFolder));

  await app.register(fastifyStatic, {
    logLevel: options.assetLogLevel ?? 'warn',
    root: clientFolder,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' &&
      !NON_SPA_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
      !path.extname(pathname);
    if (!wantsPage) {
      return sendNotFound(request, reply);
    }
    // The page's language is decided here, on the first byte (decision 039): the visitor's cookie,
    // else Accept-Language. The browser reads <html lang> to pick its catalogue before rendering,
    // and the head is written in the same language.
    const language = requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    const head = options.resolveHead ? await options.resolveHead(request, language) : '';
    const preloads = preloadsFor(pathname, language);
    // Replacer functions: the head holds names people wrote, and a replacement string would
    // read $' $& $` $$ in them as patterns.
    const page = template
      .replace('<html lang="en">', () => `<html lang="${language}" dir="${LANGUAGE_DIRECTION[language]}">`)
      .replace('<!--app-head-->', () => head)
      .replace('</head>', () => `${preloads}\n  </head>`);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(page);
  });
});
