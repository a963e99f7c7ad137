import { describe, expect, it } from 'vitest';
import { formatTypedCode, isTypedCode, normalizeTypedCode, TYPED_CODE_ALPHABET } from '@shared/stamps/codes';
import {
  CLOCK_TOLERANCE_SECONDS,
  decodeCode,
  encodeCode,
  stampCodeKey,
  walletPassCode,
  type CodeClaims,
} from './stamp-codes';
import { randomTypedCode } from './typed-codes';

const key = stampCodeKey('a-server-secret-that-is-long-enough-0123456789');
const issuedAt = new Date('2026-05-01T10:00:00Z');
const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

const counter: CodeClaims = {
  kind: 'counter',
  cardId: '0b5f1f3e-5a4c-4f55-9d4c-6f0e7a1b2c3d',
  vendorId: '9c8b7a65-4321-4fed-8cba-0987654321ab',
  codeId: 'AbCdEfGhIjKlMnOp',
  issuedAt,
};

describe('signed stamp codes', () => {
  it('round-trips every kind of code', () => {
    const codes: CodeClaims[] = [
      counter,
      { ...counter, kind: 'demo' },
      { kind: 'customer', userId: 'Xy7pQ2rS9tUv1WzA3bC4dE5fG6hJ8kL0', codeId: 'c1', issuedAt },
      { kind: 'reward', rewardId: counter.cardId, vendorId: counter.vendorId, codeId: 'r1', issuedAt },
      { kind: 'wallet', userId: 'Xy7pQ2rS9tUv1WzA3bC4dE5fG6hJ8kL0', passId: counter.cardId, codeId: 'p', issuedAt },
    ];
    for (const claims of codes) {
      const text = encodeCode(key, claims);
      expect(text.startsWith('CHK1.')).toBe(true);
      expect(decodeCode(key, text, at(5))).toEqual({ ok: true, claims });
    }
  });

  it('carries a branch inside the signature, after a quantity, and reads codes without one as before', () => {
    const branchId = '5d1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    for (const claims of [
      { ...counter, branchId },
      { ...counter, quantity: 4, branchId },
      { ...counter, kind: 'held', quantity: 12, branchId },
    ] as CodeClaims[]) {
      const text = encodeCode(key, claims);
      expect(decodeCode(key, text, at(5))).toEqual({ ok: true, claims });
    }
    const plain = encodeCode(key, counter);
    const withBranch = encodeCode(key, { ...counter, branchId });
    expect(withBranch.length).toBeLessThan(plain.length + 25);
    // The branch is signed: another branch, dropped or spliced in, is a forgery.
    const otherBranch = encodeCode(key, { ...counter, branchId: counter.cardId });
    const swapped = `${otherBranch.slice(0, otherBranch.lastIndexOf('.'))}${withBranch.slice(withBranch.lastIndexOf('.'))}`;
    expect(decodeCode(key, swapped, at(5))).toEqual({ ok: false, reason: 'forged' });
    const dropped = `${plain.slice(0, plain.lastIndexOf('.'))}${withBranch.slice(withBranch.lastIndexOf('.'))}`;
    expect(decodeCode(key, dropped, at(5))).toEqual({ ok: false, reason: 'forged' });
  });

  it('keeps a Wallet pass code valid for good: a pass cannot rotate its barcode', () => {
    const text = walletPassCode(key, {
      userId: 'Xy7pQ2rS9tUv1WzA3bC4dE5fG6hJ8kL0',
      passId: counter.cardId,
      createdAt: issuedAt,
    });
    expect(decodeCode(key, text, at(400 * 24 * 60 * 60))).toMatchObject({ ok: true, claims: { kind: 'wallet' } });
    const tampered = `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    expect(decodeCode(key, tampered, at(5))).toEqual({ ok: false, reason: 'forged' });
    expect(decodeCode(stampCodeKey('another-server-secret-long-enough-0123456789'), text, at(5)).ok).toBe(false);
  });

  it('keeps the QR payload short enough for a small QR code', () => {
    expect(encodeCode(key, counter).length).toBeLessThan(110);
  });

  it('refuses a code whose payload was changed', () => {
    const text = encodeCode(key, counter);
    const otherCard = encodeCode(key, { ...counter, cardId: '11111111-2222-4333-8444-555555555555' });
    const spliced = `${otherCard.slice(0, otherCard.lastIndexOf('.'))}${text.slice(text.lastIndexOf('.'))}`;
    expect(decodeCode(key, spliced, at(5))).toEqual({ ok: false, reason: 'forged' });
    const kindSwapped = text.replace('CHK1.c.', 'CHK1.d.');
    expect(decodeCode(key, kindSwapped, at(5))).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a code signed with another key', () => {
    const foreign = encodeCode(stampCodeKey('another-secret-that-is-long-enough-9876543210'), counter);
    expect(decodeCode(key, foreign, at(5))).toEqual({ ok: false, reason: 'forged' });
  });

  it('expires 60 seconds after issue, with a small clock tolerance', () => {
    const text = encodeCode(key, counter);
    expect(decodeCode(key, text, at(60)).ok).toBe(true);
    expect(decodeCode(key, text, at(60 + CLOCK_TOLERANCE_SECONDS)).ok).toBe(true);
    expect(decodeCode(key, text, at(61 + CLOCK_TOLERANCE_SECONDS))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a code issued in the future beyond the tolerance', () => {
    const text = encodeCode(key, counter);
    expect(decodeCode(key, text, at(-CLOCK_TOLERANCE_SECONDS)).ok).toBe(true);
    expect(decodeCode(key, text, at(-CLOCK_TOLERANCE_SECONDS - 1))).toEqual({ ok: false, reason: 'forged' });
  });

  it('calls anything else malformed', () => {
    for (const text of [
      '',
      'hello',
      'CHK1.',
      'CHK1.c.x.y.z',
      'https://example.com/CHK1.c.a.b.c.d.e',
      'CHK1.c.a.b.c.d.e.f.g',
    ]) {
      expect(decodeCode(key, text, at(1))).toMatchObject({ ok: false });
    }
  });
});

describe('typed codes', () => {
  it('are 8 characters of the Crockford alphabet', () => {
    for (let index = 0; index < 200; index += 1) {
      const code = randomTypedCode();
      expect(code).toHaveLength(8);
      expect([...code].every((char) => TYPED_CODE_ALPHABET.includes(char))).toBe(true);
      expect(isTypedCode(code)).toBe(true);
    }
  });

  it('read lower case, spaces, dashes and look-alike letters', () => {
    expect(normalizeTypedCode(' abcd-ef9h ')).toBe('ABCDEF9H');
    expect(normalizeTypedCode('o1il 2345')).toBe('01112345');
    expect(isTypedCode(normalizeTypedCode('7KQ4-M2XZ'))).toBe(true);
    expect(isTypedCode('ABCDEFGU')).toBe(false);
    expect(isTypedCode('ABC')).toBe(false);
    expect(formatTypedCode('7KQ4M2XZ')).toBe('7KQ4-M2XZ');
  });
});
