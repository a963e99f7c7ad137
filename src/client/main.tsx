import './lib/configure-zod';
// The message catalogue is ready before the first render.
import './lib/i18n';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLanguage } from '@shared/i18n/languages';
import { applyTextOverrides, currentLanguage } from './lib/i18n';
import { TEXTS_QUERY_KEY } from './lib/use-text';
import { Providers, queryClient } from './providers';
import { prefetchSession } from './lib/use-session';
import { followSignalInQueries } from './lib/use-online-status';
import { preloadScreensOf } from './router';
import { focusSharedCardOnArrival } from './features/marketplace/shared-card-focus';
import './styles.css';

/** Lets the browser paint and handle input before going on (a new task, not a microtask). */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Where the server puts the answers a page it rendered was drawn from (src/server/plugins/spa.ts). */
const PAGE_STATE_ID = 'chaska-page-state';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

function app(hydrating: boolean) {
  return (
    <StrictMode>
      <Providers hydrating={hydrating} />
    </StrictMode>
  );
}

/**
 * A public page the server rendered (decision 053): its content is already painted, so React takes
 * over the markup instead of drawing it again, from the same answers the server drew it with.
 */
async function hydrateServerPage(root: HTMLElement, stateScript: HTMLElement): Promise<void> {
  // Before anything that waits: the page is laid out, and the visitor may already be tapping.
  focusSharedCardOnArrival();
  // The rest in a task of its own: starting the modules is one task the browser cannot break, and
  // a cheap phone answers a tap between the two rather than after both.
  await yieldToBrowser();
  hydrate(queryClient, JSON.parse(stateScript.textContent ?? '{}') as DehydratedState);
  const language = currentLanguage();
  const overrides = queryClient.getQueryData<{ language: string; texts: Record<string, string> }>([
    ...TEXTS_QUERY_KEY,
    language,
  ]);
  if (overrides && isLanguage(overrides.language)) applyTextOverrides(overrides.language, overrides.texts);
  // The screen's chunk (preloaded by the page's head) is in before hydration starts, so hydration
  // does not stop at it and start over; a failure is left to the router's error screen.
  await preloadScreensOf(window.location).catch(() => undefined);
  // A transition: hydration yields to the browser every few milliseconds, so the page answers a tap
  // while the rest is still being taken over.
  startTransition(() => {
    hydrateRoot(root, app(true));
  });
}

/** Hydrates a page the server drew, else draws the page the address names. */
function start(root: HTMLElement): void {
  // Before the first request: a request that fails makes the queries wait for the signal.
  followSignalInQueries();
  const stateScript = document.getElementById(PAGE_STATE_ID);
  if (stateScript && root.firstElementChild) {
    void hydrateServerPage(root, stateScript);
    return;
  }
  prefetchSession(queryClient);
  const reactRoot = createRoot(root);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page, so a tap during start-up is answered at once.
  startTransition(() => {
    reactRoot.render(app(false));
  });
}

// From a microtask, not from the entry's top level (decision 070): a profiler records the stack of
// a timer or a request, and with the entry's top level on it V8 parses the whole file again for
// line numbers, as it did for React DOM's signal errors (scripts/react-dom-signal-errors-plugin.ts).
queueMicrotask(() => start(container));
