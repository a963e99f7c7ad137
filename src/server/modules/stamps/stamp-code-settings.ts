import type { Config } from '@server/config';
import { stampCodeKey } from './stamp-codes';

export interface StampCodeSettings {
  key: Buffer;
  demoMode: boolean;
  /** Counter codes are shown as links to this address (counterLink). */
  publicUrl: string;
  /** Typed codes per person per minute: plenty for a busy counter, far too few to guess 40 bits. */
  typedAttemptsPerMinute: number;
}

export function stampCodeSettings(config: Config): StampCodeSettings {
  return {
    key: stampCodeKey(config.sessionSecret),
    demoMode: config.demoMode,
    publicUrl: config.publicUrl,
    typedAttemptsPerMinute: config.rateLimitMax * 3,
  };
}
