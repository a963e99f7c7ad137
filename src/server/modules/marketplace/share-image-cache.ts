import { createHash } from 'node:crypto';
import { unavailable } from '@server/errors';

/*
 * Drawing an image costs a few hundred milliseconds of one core, on the event loop (the renderer
 * is WebAssembly). So every image is drawn at most once per content: the key is a hash of
 * everything the picture shows, so a change of name, price or plan is a new picture at once, and
 * the same content is answered from memory (and with 304 to a client that has it). Misses are
 * drawn one at a time, at most RENDERS_PER_MINUTE per process, with a short queue; past that the
 * answer is 503 with Retry-After, so nobody can keep the server drawing by asking for many
 * vendors or cards in turn (decision 034).
 */

export const SHARE_IMAGE_CACHE_ENTRIES = 200;
export const RENDERS_PER_MINUTE = 60;
export const MAX_WAITING_RENDERS = 8;
export const BUSY_RETRY_AFTER_SECONDS = 10;
export const SHARE_IMAGE_BUSY_MESSAGE = 'Too many images are being drawn right now. Please try again in a few seconds.';

export interface ShareImage {
  png: Buffer;
  /** A strong validator of the content: the key's hash, quoted. */
  etag: string;
}

/** Raise it when a layout changes, so clients holding a picture by its ETag get the new one. */
export const SHARE_LAYOUT_VERSION = 1;

/** The cache key of a picture: the layouts' version, what kind it is and every value it shows. */
export function shareImageKey(kind: string, content: unknown): string {
  return createHash('sha256')
    .update(`${SHARE_LAYOUT_VERSION}\n${kind}\n${JSON.stringify(content)}`)
    .digest('base64url')
    .slice(0, 32);
}

export function etagOf(key: string): string {
  return `"${key}"`;
}

export interface ShareImageCacheOptions {
  now: () => Date;
  maxEntries?: number;
  rendersPerMinute?: number;
  maxWaiting?: number;
}

export function createShareImageCache(options: ShareImageCacheOptions) {
  const maxEntries = options.maxEntries ?? SHARE_IMAGE_CACHE_ENTRIES;
  const rendersPerMinute = options.rendersPerMinute ?? RENDERS_PER_MINUTE;
  const maxWaiting = options.maxWaiting ?? MAX_WAITING_RENDERS;
  // Insertion order is recency: a hit moves its entry to the end, the oldest is dropped first.
  const entries = new Map<string, Buffer>();
  const inFlight = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let windowStart = 0;
  let rendersInWindow = 0;

  function remember(key: string, png: Buffer) {
    entries.delete(key);
    entries.set(key, png);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  function takeRenderSlot() {
    const now = options.now().getTime();
    if (now - windowStart >= 60_000 || now < windowStart) {
      windowStart = now;
      rendersInWindow = 0;
    }
    if (rendersInWindow >= rendersPerMinute || waiting >= maxWaiting) {
      throw unavailable(SHARE_IMAGE_BUSY_MESSAGE, 'share_image_busy');
    }
    rendersInWindow += 1;
  }

  function draw(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    takeRenderSlot();
    waiting += 1;
    const result = queue.then(async () => {
      waiting -= 1;
      return render();
    });
    // The queue goes on after a failed drawing; the failure reaches only its own request.
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    /** The cached picture for `key` without drawing it, or null. */
    peek(key: string): ShareImage | null {
      const png = entries.get(key);
      if (!png) return null;
      remember(key, png);
      return { png, etag: etagOf(key) };
    },

    /** The picture for `key`, drawn by `render` if nobody has it yet (concurrent askers share one drawing). */
    async get(key: string, render: () => Promise<Buffer>): Promise<ShareImage> {
      const cached = this.peek(key);
      if (cached) return cached;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = draw(key, render).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const png = await pending;
      remember(key, png);
      return { png, etag: etagOf(key) };
    },

    get size() {
      return entries.size;
    },
  };
}

export type ShareImageCache = ReturnType<typeof createShareImageCache>;
