import { describe, expect, it } from 'vitest';
import { deriveKey, sameSecret, sign, verifySignature } from './signing';

describe('sameSecret', () => {
  it('is true only for the same bytes, given as text or bytes', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret(Buffer.from('abc'), 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
  });

  it('is false for a different length instead of throwing', () => {
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', 'a')).toBe(false);
  });
});

describe('verifySignature', () => {
  it('accepts the signature made with the same key and refuses another key or message', () => {
    const key = deriveKey('secret', 'test');
    const signature = sign(key, 'message');
    expect(verifySignature(key, 'message', signature)).toBe(true);
    expect(verifySignature(key, 'other', signature)).toBe(false);
    expect(verifySignature(deriveKey('secret', 'other purpose'), 'message', signature)).toBe(false);
  });
});
