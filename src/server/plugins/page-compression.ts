import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A page is written for each request (its language, its drawn markup and the state it was drawn
 * from), so it cannot be compressed at build time as the assets are: it is compressed as it is
 * sent (decision 071). Brotli at quality 5 takes a 48 kB Urdu listing to 6.8 kB in about 0.4 ms
 * on one core; higher qualities cost tens of milliseconds for a few hundred bytes more.
 */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP_LEVEL = 6;

/** Preferred first; no cache, since anyone can send any header and a cache of them would only grow. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

export interface CompressedPage {
  body: Buffer | string;
  /** The Content-Encoding to send, or null when the client accepts neither (the page goes as it is). */
  encoding: 'br' | 'gzip' | null;
}

/** The page in the best encoding the request's Accept-Encoding allows. */
export function compressPage(page: string, acceptEncoding: string | undefined): CompressedPage {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ENCODINGS) : null;
  if (encoding === 'br') return { body: brotliCompressSync(page, BROTLI_OPTIONS), encoding };
  if (encoding === 'gzip') return { body: gzipSync(page, { level: GZIP_LEVEL }), encoding };
  return { body: page, encoding: null };
}
