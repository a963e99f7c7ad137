import { randomBytes } from 'node:crypto';
import { CODE_TTL_SECONDS, HELD_CODE_TTL_SECONDS, SIGNED_CODE_PREFIX } from '@shared/stamps/codes';
import { deriveKey, sameSecret, sign } from '@server/lib/signing';

/**
 * Signed, short-lived codes behind every stamp and redemption.
 *
 * - counter: a vendor's screen shows it for one card; a customer scans it to collect a stamp.
 * - demo: the same, minted by the server for "use a demo code" in demo mode only.
 * - customer: the customer's My QR; vendor staff scan it to issue a stamp on a card they choose.
 * - reward: the live code of an earned reward; vendor staff scan it to confirm the redemption.
 * - held: a counter code opened as a link on a signed-out phone, held for that phone
 *   (HELD_CODE_TTL_SECONDS) while the customer signs in; the counter code itself is used up.
 * - wallet: the barcode of the customer's Wallet pass for one held card (decision 041); vendor
 *   staff scan it like My QR. A pass cannot rotate its barcode, so this kind does not expire: it
 *   only names its customer, and a stamp is still given by staff choosing the card.
 *
 * QR form: `CHK1.<kind>.<subject>.<scope>.<code id>.<issued at>.<signature>`, where ids are
 * base64url (a UUID is 22 characters), the time is seconds in base 36 and the signature is a
 * truncated HMAC-SHA256 under a key derived from the server secret for this purpose only.
 * A counter code for an order of several stamps carries the quantity before the signature
 * (`….<issued at>.<quantity>.<signature>`), so nobody can change it; one stamp writes none.
 * A counter code shown at one of the vendor's branches carries the branch the same way, last
 * (`….<issued at>[.<quantity>].b<branch>.<signature>`, decision 084): signed, and a code
 * without it reads as before.
 */
export type CodeKind = 'counter' | 'demo' | 'held' | 'customer' | 'reward' | 'wallet';

export interface CounterCodeClaims {
  kind: 'counter' | 'demo' | 'held';
  cardId: string;
  vendorId: string;
  codeId: string;
  issuedAt: Date;
  /** Stamps the code gives: an order for several, chosen by staff (absent: one). */
  quantity?: number;
  /** The branch whose counter showed it (decision 084); absent on codes that name none. */
  branchId?: string;
}
export interface CustomerCodeClaims {
  kind: 'customer';
  userId: string;
  codeId: string;
  issuedAt: Date;
}
export interface RewardCodeClaims {
  kind: 'reward';
  rewardId: string;
  vendorId: string;
  codeId: string;
  issuedAt: Date;
}
export interface WalletCodeClaims {
  kind: 'wallet';
  userId: string;
  /** The Wallet pass (wallet_passes.id) whose barcode it is. */
  passId: string;
  codeId: string;
  issuedAt: Date;
}
export type CodeClaims = CounterCodeClaims | CustomerCodeClaims | RewardCodeClaims | WalletCodeClaims;

export type DecodeFailure = 'malformed' | 'forged' | 'expired';
export type DecodeResult = { ok: true; claims: CodeClaims } | { ok: false; reason: DecodeFailure };

/** Servers behind one load balancer may disagree on the time by a few seconds. */
export const CLOCK_TOLERANCE_SECONDS = 10;
/**
 * How long a consumed code's row is kept. A code verifies for CODE_TTL_SECONDS plus the clock
 * tolerance after it was issued, so a few minutes after its use no server can accept it again
 * and the row guards nothing; the housekeeping job deletes it then.
 */
export const CONSUMED_CODE_RETENTION_MS = 10 * 60 * 1000;
/** 128 bits of HMAC: unforgeable for a one-minute code, and a smaller QR than the full 256. */
const SIGNATURE_BYTES = 16;

const KIND_LETTERS: Record<CodeKind, string> = {
  counter: 'c',
  demo: 'd',
  held: 'h',
  customer: 'u',
  reward: 'r',
  wallet: 'w',
};
const KINDS_BY_LETTER = new Map(Object.entries(KIND_LETTERS).map(([kind, letter]) => [letter, kind as CodeKind]));
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function stampCodeKey(sessionSecret: string): Buffer {
  return deriveKey(sessionSecret, 'stamp-codes');
}

export function newCodeId(): string {
  return randomBytes(12).toString('base64url');
}

function packUuid(uuid: string): string {
  if (!UUID_PATTERN.test(uuid)) throw new Error(`Not a UUID: ${uuid}`);
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

function unpackUuid(packed: string): string | null {
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length !== 16 || bytes.toString('base64url') !== packed) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function packText(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

function unpackText(packed: string): string | null {
  const text = Buffer.from(packed, 'base64url').toString('utf8');
  return text.length > 0 && packText(text) === packed ? text : null;
}

function subjectAndScope(claims: CodeClaims): [string, string] {
  switch (claims.kind) {
    case 'counter':
    case 'demo':
    case 'held':
      return [packUuid(claims.cardId), packUuid(claims.vendorId)];
    case 'customer':
      return [packText(claims.userId), '0'];
    case 'reward':
      return [packUuid(claims.rewardId), packUuid(claims.vendorId)];
    case 'wallet':
      return [packText(claims.userId), packUuid(claims.passId)];
  }
}

function signatureOf(key: Buffer, body: string): string {
  return Buffer.from(sign(key, body), 'base64url').subarray(0, SIGNATURE_BYTES).toString('base64url');
}

function signatureMatches(key: Buffer, body: string, signature: string): boolean {
  return sameSecret(signatureOf(key, body), signature);
}

/** The branch part's first letter: a quantity is digits only, so the two never mix. */
const BRANCH_MARK = 'b';

/** The quantity part of a counter code for several stamps: 2 to 99 written plainly, nothing else. */
const QUANTITY_PART = /^[2-9]$|^[1-9][0-9]$/;

function quantityOf(claims: CodeClaims): number {
  return 'quantity' in claims && claims.quantity !== undefined ? claims.quantity : 1;
}

export function encodeCode(key: Buffer, claims: CodeClaims): string {
  const [subject, scope] = subjectAndScope(claims);
  const issued = Math.floor(claims.issuedAt.getTime() / 1000).toString(36);
  const quantity = quantityOf(claims);
  if (!Number.isInteger(quantity) || quantity < 1 || (quantity > 1 && !QUANTITY_PART.test(String(quantity))))
    throw new Error(`Not a quantity of stamps: ${quantity}`);
  const several = quantity > 1 ? `.${quantity}` : '';
  const branch = 'branchId' in claims && claims.branchId ? `.${BRANCH_MARK}${packUuid(claims.branchId)}` : '';
  const body = `${SIGNED_CODE_PREFIX}${KIND_LETTERS[claims.kind]}.${subject}.${scope}.${claims.codeId}.${issued}${several}${branch}`;
  return `${body}.${signatureOf(key, body)}`;
}

/** How long a code of each kind lives (a Wallet barcode forever). */
function lifeSecondsOf(kind: CodeKind): number {
  if (kind === 'wallet') return Number.POSITIVE_INFINITY;
  return kind === 'held' ? HELD_CODE_TTL_SECONDS : CODE_TTL_SECONDS;
}

export function codeExpiresAt(issuedAt: Date, kind: CodeKind = 'counter'): Date {
  return new Date(issuedAt.getTime() + lifeSecondsOf(kind) * 1000);
}

function buildClaims(
  kind: CodeKind,
  subject: string,
  scope: string,
  codeId: string,
  issuedAt: Date,
): CodeClaims | null {
  if (kind === 'customer') {
    const userId = unpackText(subject);
    return userId && scope === '0' ? { kind, userId, codeId, issuedAt } : null;
  }
  if (kind === 'wallet') {
    const userId = unpackText(subject);
    const passId = unpackUuid(scope);
    return userId && passId ? { kind, userId, passId, codeId, issuedAt } : null;
  }
  const first = unpackUuid(subject);
  const vendorId = unpackUuid(scope);
  if (!first || !vendorId) return null;
  return kind === 'reward'
    ? { kind, rewardId: first, vendorId, codeId, issuedAt }
    : { kind, cardId: first, vendorId, codeId, issuedAt };
}

/** Checks the signature first, so nothing of a forged code is ever trusted, then the time. */
export function decodeCode(key: Buffer, text: string, now: Date): DecodeResult {
  const trimmed = text.trim();
  if (!trimmed.startsWith(SIGNED_CODE_PREFIX)) return { ok: false, reason: 'malformed' };
  const lastDot = trimmed.lastIndexOf('.');
  const body = trimmed.slice(0, lastDot);
  const signature = trimmed.slice(lastDot + 1);
  const parts = body.slice(SIGNED_CODE_PREFIX.length).split('.');
  if (parts.length < 5 || parts.length > 7 || !signature) return { ok: false, reason: 'malformed' };
  if (!signatureMatches(key, body, signature)) return { ok: false, reason: 'forged' };

  const [letter, subject, scope, codeId, issued, ...extras] = parts as [
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  const kind = KINDS_BY_LETTER.get(letter);
  const issuedSeconds = Number.parseInt(issued, 36);
  if (!kind || !codeId || !Number.isSafeInteger(issuedSeconds)) return { ok: false, reason: 'malformed' };
  const claims = buildClaims(kind, subject, scope, codeId, new Date(issuedSeconds * 1000));
  if (!claims) return { ok: false, reason: 'malformed' };
  // The quantity, then the branch, each at most once: only a counter code (or the held or demo
  // code standing for one) gives several stamps or names a branch.
  const several = extras[0]?.startsWith(BRANCH_MARK) === false ? extras.shift() : undefined;
  const branch = extras.shift();
  if (extras.length > 0) return { ok: false, reason: 'malformed' };
  if (several !== undefined || branch !== undefined) {
    if (!('cardId' in claims)) return { ok: false, reason: 'malformed' };
    if (several !== undefined) {
      if (!QUANTITY_PART.test(several)) return { ok: false, reason: 'malformed' };
      claims.quantity = Number(several);
    }
    if (branch !== undefined) {
      const branchId = branch.startsWith(BRANCH_MARK) ? unpackUuid(branch.slice(BRANCH_MARK.length)) : null;
      if (!branchId) return { ok: false, reason: 'malformed' };
      claims.branchId = branchId;
    }
  }

  const nowSeconds = now.getTime() / 1000;
  // A code from the future was not minted by a server with a sane clock.
  if (issuedSeconds > nowSeconds + CLOCK_TOLERANCE_SECONDS) return { ok: false, reason: 'forged' };
  if (nowSeconds > issuedSeconds + lifeSecondsOf(kind) + CLOCK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** The barcode of a customer's Wallet pass: their code that does not expire, for staff to scan. */
export function walletPassCode(key: Buffer, pass: { userId: string; passId: string; createdAt: Date }): string {
  return encodeCode(key, {
    kind: 'wallet',
    userId: pass.userId,
    passId: pass.passId,
    codeId: 'p',
    issuedAt: pass.createdAt,
  });
}
