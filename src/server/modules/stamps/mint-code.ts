import type { RotatingCode } from '@shared/stamps/stamps';
import { CODE_REFRESH_SECONDS, formatTypedCode } from '@shared/stamps/codes';
import type { Executor } from '@server/db/client';
import { CLOCK_TOLERANCE_SECONDS, codeExpiresAt, encodeCode, newCodeId, type CodeClaims } from './stamp-codes';
import { storeTypedCode } from './typed-codes';

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
export type CodeSubject = DistributiveOmit<CodeClaims, 'codeId' | 'issuedAt'>;

/** A freshly signed code as screens show it, and its id (kept by the server, e.g. to say it was used). */
export type MintedCode = RotatingCode & { codeId: string };

/** Signs a fresh code and stores its typed form; both name the same code. */
export async function mintCode(db: Executor, key: Buffer, subject: CodeSubject, now: Date): Promise<MintedCode> {
  // Whole seconds, as the code carries them, so expiresAt is exactly what verification uses.
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const claims = { ...subject, codeId: newCodeId(), issuedAt } as CodeClaims;
  const signedCode = encodeCode(key, claims);
  const expiresAt = codeExpiresAt(issuedAt);
  const typedCode = await storeTypedCode(db, {
    kind: claims.kind,
    signedCode,
    expiresAt: new Date(expiresAt.getTime() + CLOCK_TOLERANCE_SECONDS * 1000),
    now,
  });
  return {
    codeId: claims.codeId,
    qrPayload: signedCode,
    typedCode: formatTypedCode(typedCode),
    expiresAt: expiresAt.toISOString(),
    refreshAt: new Date(issuedAt.getTime() + CODE_REFRESH_SECONDS * 1000).toISOString(),
  };
}
