/**
 * The query parameter that carries a referral code on a vendor page: /vendors/<slug>?card=<id>&ref=<code>.
 * A file of its own, without zod: the public vendor page reads it, and referrals.ts builds schemas
 * that page never needs (they took zod, about 26 kB gzip, into its download).
 */
export const REFERRAL_PARAM = 'ref';
