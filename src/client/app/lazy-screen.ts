import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen in its own chunk: the component to render and a way to start fetching it early. */
export interface LazyScreen {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

let screensOnTheirWay = 0;
const listeners = new Set<() => void>();

function notify(): void {
  // Loads start while React renders the next location; listeners hear of it once that render is done.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

function track<T>(promise: Promise<T>): Promise<T> {
  screensOnTheirWay += 1;
  notify();
  const settle = () => {
    screensOnTheirWay -= 1;
    notify();
  };
  promise.then(settle, settle);
  return promise;
}

/**
 * Turns a module's named export into a lazily loaded screen, so each screen (and with it the
 * vendor and admin areas) is its own chunk. The chunk is fetched once, on first render or preload.
 */
export function lazyScreen(load: () => Promise<Record<string, unknown>>, name: string): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= track(
      load().then((module) => {
        const component = module[name];
        if (!component) throw new Error(`The screen module does not export ${name}`);
        return { default: component as ComponentType };
      }),
    ));
  return { Component: lazy(preload), preload };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a screen's code is on its way (React keeps the previous screen up meanwhile). */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => screensOnTheirWay > 0,
    () => false,
  );
}
