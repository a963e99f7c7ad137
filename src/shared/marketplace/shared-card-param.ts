/**
 * The query parameter that points a vendor page at one of its cards: /vendors/<slug>?card=<id>.
 * A file of its own: every page's first script reads it (a shared card is brought into view before
 * hydration), and it should not bring the rest of share.ts along.
 */
export const SHARED_CARD_PARAM = 'card';
