/**
 * The server's rendering of the public pages (decision 053): the same route tree as the browser,
 * under a static router, in the page's language, with the page's API answers fetched in-process
 * and handed to the browser as the query cache's dehydrated state, which hydrates it. Built by
 * `vite build --ssr` into dist/ssr and loaded by the server's SPA plugin.
 */
import './lib/configure-zod';
import './lib/i18n';
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { setFormatLanguageSource } from '@shared/format-locale';
import { DEFAULT_LANGUAGE, START_NAMESPACES, type Language } from '@shared/i18n/languages';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { applyTextOverrides, createCatalogue, loadNamespaces } from './lib/i18n';
import { fetchMe, SESSION_QUERY_KEY } from './lib/use-session';
import { TEXTS_QUERY_KEY } from './lib/use-text';
import { AppFrame, AppScreens, createQueryClient } from './providers';
import { serverRenderedPatterns } from './route-table';

export interface PageRenderRequest {
  /** The address asked for, path and query string. */
  url: string;
  language: Language;
  /** Answers one of the page's API calls in-process, as the visitor (their cookies, their address). */
  callApi: ApiTransport;
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The query cache the markup was rendered from, for the browser to hydrate with. */
  state: DehydratedState;
}

interface PageContext {
  language: Language;
  callApi: ApiTransport;
}

const pageContext = new AsyncLocalStorage<PageContext>();

setApiTransport((path, init) => {
  const context = pageContext.getStore();
  if (!context) return Promise.reject(new Error(`An API call (${path}) outside a page rendering`));
  return context.callApi(path, init);
});
// Dates and prices are written in the page's language, as the browser will write them from <html lang>.
setFormatLanguageSource(() => pageContext.getStore()?.language ?? DEFAULT_LANGUAGE);

const patterns = serverRenderedPatterns();

/** Whether the server renders this path's page (signed-out visitors only; see renderPublicPage). */
export function isServerRendered(pathname: string): boolean {
  return patterns.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * Screens fetch what they show as they render; one rendering names the queries, the next renders
 * their answers. Two rounds cover a query that waits for another (listings wait for the session).
 */
const MAX_RENDERS = 3;

async function renderToHtml(tree: ReactNode): Promise<string> {
  let failure: unknown;
  // prerender, unlike renderToString, waits for every lazy screen and catalogue the page suspends on.
  const { prelude } = await prerender(tree, {
    // Every boundary inline, finished: a large one would otherwise be sent after the page with an
    // inline script to reveal it, which the site's CSP (script-src 'self') refuses to run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

/** A query the page asked for and has no answer to yet (a switched-off one waits for the browser). */
function waiting(query: Query): boolean {
  const { enabled } = query.options as { enabled?: unknown };
  return query.state.status === 'pending' && enabled !== false;
}

/**
 * The page's HTML and the answers it was drawn from, or null when the browser should render it
 * instead: the path is not a server-rendered page, the visitor is signed in (their pages are
 * theirs alone), or one of the page's calls failed (the browser shows that failure as it would,
 * and a page of errors is not worth sending).
 */
export async function renderPublicPage(request: PageRenderRequest): Promise<RenderedPage | null> {
  const pathname = new URL(request.url, 'http://page').pathname;
  if (!isServerRendered(pathname)) return null;
  return pageContext.run({ language: request.language, callApi: request.callApi }, async () => {
    const client = createQueryClient();
    // A failed call is not retried here: the browser will ask again.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    const session = await client.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchMe });
    if (session.user) return null;

    await loadNamespaces(request.language, START_NAMESPACES);
    const tree = (
      <AppFrame client={client} catalogue={createCatalogue(request.language)} fromServer>
        <StaticRouter location={request.url}>
          <AppScreens />
        </StaticRouter>
      </AppFrame>
    );

    for (let round = 1; round <= MAX_RENDERS; round += 1) {
      const html = await renderToHtml(tree);
      const queries = client.getQueryCache().getAll();
      if (queries.some((query) => query.state.status === 'error')) return null;
      const pending = queries.filter(waiting);
      if (pending.length === 0) return { html, state: dehydrate(client) };
      await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
      // The overrides are laid over the catalogue before the next rendering, as the browser does
      // before it hydrates, so both write the admin's words.
      const overrides = client.getQueryData<{ language: Language; texts: Record<string, string> }>([
        ...TEXTS_QUERY_KEY,
        request.language,
      ]);
      if (overrides) applyTextOverrides(overrides.language, overrides.texts);
    }
    return null;
  });
}
