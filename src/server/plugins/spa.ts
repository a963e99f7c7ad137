import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_DIRECTION,
  LANGUAGE_PARAM,
  requestLanguage,
  type Language,
} from '@shared/i18n/languages';
import { clientDistFolder, ssrDistFolder } from '@server/paths';
import { sendNotFound } from './errors';
import { inProcessApi, loadPageRenderer } from './page-rendering';
import { compressPage } from './page-compression';
import { scriptJson } from './script-json';
import type { PageRenderGuard } from './page-render-guard';
import { codeAfterPaintTags, separateCode } from './code-after-paint';
import { createRoutePreloads, readRoutePreloads } from './route-preloads';
import { COUNTER_LINK_PREFIX } from '@shared/stamps/codes';

/** The head of a page (title, description, social tags) in the page's language. */
export type HeadResolver = (request: FastifyRequest, language: Language) => Promise<string>;

const NON_SPA_PREFIXES = ['/api/', '/sandbox-pay/'];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Where the browser finds the answers a server-rendered page was drawn from (src/client/main.tsx). */
export const PAGE_STATE_ID = 'chaska-page-state';

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
  /** The built rendering of the public pages (decision 053); dist/ssr unless a test says otherwise. */
  ssrFolder?: string;
  /** What a rendering may cost (decision 058); without it, every public page is rendered. */
  renderGuard?: PageRenderGuard;
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
  const templateCode = separateCode(template);
  const routePreloads = createRoutePreloads(readRoutePreloads(clientFolder));
  const renderer = await loadPageRenderer(options.ssrFolder ?? ssrDistFolder);
  if (!renderer) app.log.warn('dist/ssr is missing: the public pages are rendered by the browser only');

  const guardedRender: PageRenderGuard = options.renderGuard ?? ((_request, _language, draw) => draw());

  /** #root with the page's markup and the state it was drawn from, or null for the browser to render. */
  async function drawnRoot(request: FastifyRequest, language: Language): Promise<string | null> {
    if (!renderer) return null;
    try {
      const page = await renderer.renderPublicPage({ url: request.url, language, callApi: inProcessApi(app, request) });
      if (!page) return null;
      const state = `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(page.state)}</script>`;
      return `<div id="root">${page.html}</div>\n    ${state}`;
    } catch (error) {
      // The browser can always render the page itself; a rendering failure costs only the head start.
      request.log.error({ err: error }, 'server rendering of a public page failed');
      return null;
    }
  }

  async function renderedRoot(request: FastifyRequest, language: Language): Promise<string | null> {
    if (!renderer) return null;
    try {
      return await guardedRender(request, language, () => drawnRoot(request, language));
    } catch (error) {
      // The guard's own reads (the address's budget) failed: the browser renders this page.
      request.log.error({ err: error }, 'server rendering of a public page was not attempted');
      return null;
    }
  }

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
      // A counter link's code has dots in it, like a file name; it is a page all the same.
      (!path.extname(pathname) || pathname.startsWith(COUNTER_LINK_PREFIX));
    if (!wantsPage) {
      return sendNotFound(request, reply);
    }
    // The page's language is decided here, on the first byte (decision 039): the address's ?lang=
    // (the language switch tapped before the page was interactive, decision 059), which becomes
    // the cookie, else the visitor's cookie, else Accept-Language. The browser reads <html lang>
    // to pick its catalogue before rendering, and the head is written in the same language.
    const chosen = (request.query as Record<string, unknown>)[LANGUAGE_PARAM];
    const language = isLanguage(chosen)
      ? chosen
      : requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    if (isLanguage(chosen)) {
      reply.setCookie(LANGUAGE_COOKIE, chosen, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
        sameSite: 'lax',
      });
    }
    const head = options.resolveHead ? await options.resolveHead(request, language) : '';
    const rendered = await renderedRoot(request, language);
    // The template's own tags are filled first, before any text people wrote is in the page; and
    // replacer functions, because a replacement string would read $' $& $` $$ in it as patterns.
    let shell: string;
    if (rendered) {
      const start = routePreloads.serverDrawn(pathname, language);
      const withCode = templateCode
        ? templateCode.withoutCode.replace(
            '</body>',
            () =>
              `${codeAfterPaintTags({ entry: templateCode.code.entry, modules: [...templateCode.code.modules, ...start.modules] })}\n  </body>`,
          )
        : template;
      shell = withCode.replace('</head>', () => `${start.head}\n  </head>`);
    } else {
      shell = template.replace('</head>', () => `${routePreloads.browserDrawn(pathname, language).head}\n  </head>`);
    }
    const page = shell
      .replace('<html lang="en">', () => `<html lang="${language}" dir="${LANGUAGE_DIRECTION[language]}">`)
      .replace('<!--app-head-->', () => head)
      .replace('<div id="root"></div>', () => rendered ?? '<div id="root"></div>');
    const { body, encoding } = compressPage(page, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  });
});
