import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { sameSecret } from '@server/lib/signing';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keyLength: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/**
 * Better Auth's password hash (scrypt, `salt:key` in hex) at a cost for the test suites only
 * (NODE_ENV=test): N=1024, r=8 instead of N=16384, r=16. Every API test signs people up and in,
 * and the real cost, about 90 ms of CPU each, made a tenth of the suites' time. Production and the
 * browser journeys (NODE_ENV=production) keep Better Auth's own; the format is the same.
 */
export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
    return `${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const given = await scryptAsync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
    return sameSecret(key, given.toString('hex'));
  },
};
