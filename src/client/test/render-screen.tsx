import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '@shared/i18n/languages';
import { createQueryClient } from '@client/providers';
import { NAMESPACES } from '@shared/i18n/catalogue';
import { createCatalogue, loadNamespaces } from '@client/lib/i18n';

/** The namespaces screens read (the page heads' texts are the server's alone). */
const SCREEN_NAMESPACES = NAMESPACES.filter((namespace) => namespace !== 'heads');

/**
 * A component as the app draws it, for component tests (project `components`, happy-dom): the
 * catalogue in the chosen language, a fresh query cache and a router at `path`. The Urdu texts are
 * fetched before the first render (a page's head preloads them too), so the test reads words at once.
 */
export async function renderScreen(
  screen: ReactNode,
  { language = 'en', path = '/' }: { language?: Language; path?: string } = {},
): Promise<RenderResult> {
  document.documentElement.lang = language;
  // happy-dom has no font loading: an Urdu page's Nastaliq faces fail to load, as offline, and
  // the text stays in the fallback face (fonts/load-nastaliq.ts).
  if (!('FontFace' in globalThis))
    vi.stubGlobal(
      'FontFace',
      class {
        load(): Promise<never> {
          return Promise.reject(new Error('No fonts in component tests'));
        }
      },
    );
  if (language === 'ur') await loadNamespaces('ur', SCREEN_NAMESPACES);
  return render(
    <I18nProvider i18n={createCatalogue(language)}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p>loading</p>}>{screen}</Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/**
 * Answers the component's API calls with what the server would answer: each call's method and
 * path to a status and JSON body. A component test checks what the screen does with an answer;
 * the answers themselves are proven by the API tests against a real server and database.
 */
export function answerCalls(
  answers: Record<string, { status?: number; body: unknown }>,
): Array<{ call: string; body: unknown }> {
  const calls: Array<{ call: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ call, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const answer = answers[call];
    if (!answer)
      return new Response(JSON.stringify({ error: { code: 'not_found', message: `No answer for ${call}` } }), {
        status: 404,
      });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
