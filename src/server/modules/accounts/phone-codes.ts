import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_TTL_SECONDS,
  PHONE_CODE_WRONG_TRIES,
  type PhoneCodePurpose,
} from '@shared/accounts/phone';
import type { Database } from '@server/db/client';
import { phoneCodes } from '@server/db/schema';
import { invalidFields } from '@server/errors';
import { deriveKey, sameSecret, sign } from '@server/lib/signing';
import { serverText } from '@server/lib/texts';
import type { ErrorCode } from '@shared/api-error';

/**
 * Keyed: a six-digit code has a million values, so a plain hash in a copy of the table would be
 * read back in a second. Bound to the number and purpose, so a row cannot be moved to another.
 */
function codeHash(secret: string, phoneNumber: string, purpose: PhoneCodePurpose, code: string): string {
  return sign(deriveKey(secret, 'phone-code'), `${purpose}:${phoneNumber}:${code}`);
}

/** The number's codes for this purpose that nothing has ended yet: not spent, used up or replaced. */
function openCodeOf(input: { phoneNumber: string; purpose: PhoneCodePurpose }) {
  return and(
    eq(phoneCodes.phoneNumber, input.phoneNumber),
    eq(phoneCodes.purpose, input.purpose),
    isNull(phoneCodes.endedAt),
  );
}

/** A new code for the number; every earlier one for the same purpose ends with it. */
export async function issuePhoneCode(
  db: Database,
  secret: string,
  input: { phoneNumber: string; purpose: PhoneCodePurpose; now: Date },
): Promise<string> {
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  await db.transaction(async (tx) => {
    await tx.update(phoneCodes).set({ endedAt: input.now }).where(openCodeOf(input));
    await tx.insert(phoneCodes).values({
      phoneNumber: input.phoneNumber,
      purpose: input.purpose,
      codeHash: codeHash(secret, input.phoneNumber, input.purpose, code),
      expiresAt: new Date(input.now.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
      createdAt: input.now,
    });
  });
  return code;
}

/**
 * A fresh code in place of a live one its message never reached (WhatsApp reported it failed),
 * or null when the number has no live code of that purpose any more: used, expired or replaced,
 * the person has moved on and gets nothing unasked.
 */
export async function reissuePhoneCode(
  db: Database,
  secret: string,
  input: { phoneNumber: string; purpose: PhoneCodePurpose; now: Date },
): Promise<string | null> {
  const [live] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(and(openCodeOf(input), gt(phoneCodes.expiresAt, input.now)))
    .limit(1);
  return live ? issuePhoneCode(db, secret, input) : null;
}

function codeRefused(key: string, code: ErrorCode) {
  const message = serverText(key);
  return invalidFields(message, { code: message }, code);
}

/**
 * Spends the number's current code: single use, within its five minutes, five wrong tries at
 * most. Throws a 400 naming the code field (wrong, expired, used up or never sent); the row is
 * locked, so two tries of one code cannot both pass.
 */
export async function spendPhoneCode(
  db: Database,
  secret: string,
  input: { phoneNumber: string; purpose: PhoneCodePurpose; code: string; now: Date },
): Promise<void> {
  const refusal = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(phoneCodes)
      .where(openCodeOf(input))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!current) return codeRefused('account:phoneCode.noCode', 'code_invalid');
    if (current.expiresAt <= input.now) {
      await tx.update(phoneCodes).set({ endedAt: input.now }).where(eq(phoneCodes.id, current.id));
      return codeRefused('account:phoneCode.expired', 'code_expired');
    }
    if (sameSecret(current.codeHash, codeHash(secret, input.phoneNumber, input.purpose, input.code))) {
      await tx.update(phoneCodes).set({ endedAt: input.now }).where(eq(phoneCodes.id, current.id));
      return null;
    }
    const wrongTries = current.wrongTries + 1;
    const usedUp = wrongTries >= PHONE_CODE_WRONG_TRIES;
    await tx
      .update(phoneCodes)
      .set({ wrongTries, endedAt: usedUp ? input.now : null })
      .where(eq(phoneCodes.id, current.id));
    return usedUp
      ? codeRefused('account:phoneCode.usedUp', 'code_used_up')
      : codeRefused('account:phoneCode.wrong', 'code_wrong');
  });
  // Thrown after the transaction, so a wrong try is counted, not rolled back with the refusal.
  if (refusal) throw refusal;
}
