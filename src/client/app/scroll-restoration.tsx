import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const STORAGE_KEY = 'chaska-scroll-positions';

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(saved);
  } catch {
    return new Map();
  }
}

let savedPositions: Map<string, number> | undefined;
/** The history entry on screen: its place is taken again as the tab leaves (see below). */
let shownEntry: string | undefined;

/**
 * Scroll position per history entry, kept across reloads of the tab like the browser's own: read
 * from the tab's storage when first needed, not while the page's script starts.
 */
function positions(): Map<string, number> {
  savedPositions ??= readSaved();
  return savedPositions;
}

/**
 * A history entry's key. A page the browser loaded whole (a reload, a link followed before the app
 * was interactive, a redirect back from sign-in) has no key of its own: its address stands in, so
 * another page loaded whole in the same tab does not open at this one's position.
 */
function entryOf(location: Location): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
}

/**
 * The router's scroll handling for a declarative router: back and forward return to where the
 * page was, a new address starts at the top (or at its #anchor), the first page is left where the
 * browser (or the visitor, before hydration) put it, and a filter written into the
 * query string in place (a replace on the same path) leaves the page where the visitor is reading.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(null);
  const arrivalKey = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      // A scroll event arrives with the next frame: a reload right after scrolling comes first.
      if (shownEntry !== undefined) positions().set(shownEntry, window.scrollY);
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions()]));
    };
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('pagehide', remember);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const samePage = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    arrivalKey.current ??= location.key;
    // The page the tab opened on stays where it is: at the top, or, on a server-rendered page, where
    // the visitor scrolled or a shared card brought it before the script took over.
    const arrival = location.key === arrivalKey.current;
    const saved = navigationType === 'POP' ? positions().get(entryOf(location)) : undefined;
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (anchor) anchor.scrollIntoView();
    else if (!arrival && !(samePage && navigationType === 'REPLACE')) window.scrollTo(0, 0);
    return trackScroll(entryOf(location));
  }, [location, navigationType]);

  return null;
}

/** Remembers the scroll position of one history entry while it is shown. */
function trackScroll(key: string): () => void {
  shownEntry = key;
  const track = () => positions().set(key, window.scrollY);
  window.addEventListener('scroll', track, { passive: true });
  return () => window.removeEventListener('scroll', track);
}
