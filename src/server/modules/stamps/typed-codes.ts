import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TYPED_CODE_ALPHABET, TYPED_CODE_LENGTH } from '@shared/stamps/codes';
import type { Executor } from '@server/db/client';
import { typedCodes } from '@server/db/schema';
import type { CodeKind } from './stamp-codes';

/**
 * Typed codes are kept a day past expiry so an old one is reported as expired, not unknown; the
 * housekeeping job deletes them after that.
 */
export const TYPED_CODE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** 40 random bits as 8 Crockford base32 characters. */
export function randomTypedCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < TYPED_CODE_LENGTH; index += 1) {
    code = TYPED_CODE_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code;
}

/** Stores the typed form of a freshly signed code and returns it (without the dash). */
export async function storeTypedCode(
  db: Executor,
  input: { kind: CodeKind; signedCode: string; expiresAt: Date; now: Date },
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = randomTypedCode();
    const inserted = await db
      .insert(typedCodes)
      .values({
        code,
        kind: input.kind,
        signedCode: input.signedCode,
        expiresAt: input.expiresAt,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ code: typedCodes.code });
    if (inserted.length > 0) return code;
  }
  throw new Error('Could not allocate a typed code');
}

/** The signed code behind a typed code, or null when no such code was ever issued. */
export async function findSignedCodeForTypedCode(db: Executor, code: string): Promise<string | null> {
  const [row] = await db
    .select({ signedCode: typedCodes.signedCode })
    .from(typedCodes)
    .where(eq(typedCodes.code, code))
    .limit(1);
  return row?.signedCode ?? null;
}
