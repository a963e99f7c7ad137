import type { Clock } from '@server/lib/clock';
import { TextProviderBusy, type TextProvider, type TextProviders } from './text-messages';

/**
 * The longest a message waits in this process for its provider's next free moment. Beyond it (a
 * provider that asked for a minute's pause) the message is not held in memory: it fails as busy,
 * and its job goes again at that moment.
 */
export const MAX_PACE_WAIT_MS = 2_000;

/**
 * One provider's pace (decision 081): messages leave evenly spaced at its rate, each one taking
 * the next free moment, so that no second holds more than the provider takes. No burst is
 * allowed: a provider counts its own second from wherever it likes, and a queue that emptied at
 * the end of one second and filled at the start of the next would otherwise send twice the rate.
 * The time is the app's clock, so tests move it instead of waiting.
 */
export class ProviderPace {
  private nextFreeAt = Number.NEGATIVE_INFINITY;
  private readonly spacingMs: number;

  constructor(
    perSecond: number,
    private readonly clock: Clock,
  ) {
    this.spacingMs = 1000 / perSecond;
  }

  /** Milliseconds until the next free moment (0: now). */
  waitMs(): number {
    return Math.max(0, this.nextFreeAt - this.clock.now().getTime());
  }

  /** Takes the next free moment if it comes within `maxWaitMs`, and says how long to wait for it; null takes nothing. */
  take(maxWaitMs: number): number | null {
    const now = this.clock.now().getTime();
    const at = Math.max(now, this.nextFreeAt);
    if (at - now > maxWaitMs) return null;
    this.nextFreeAt = at + this.spacingMs;
    // Whole milliseconds, rounded up (a clock's and a timer's unit): never a hair before the moment.
    return Math.max(0, Math.ceil(at - now - 1e-6));
  }

  /** After the provider's 429: nothing leaves before it said it would take messages again. */
  holdUntil(instant: number): void {
    this.nextFreeAt = Math.max(this.nextFreeAt, instant);
  }
}

export type Sleep = (milliseconds: number) => Promise<void>;

const realSleep: Sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The provider with every send waiting for its pace; a send that would wait too long fails as busy. */
export function pacedProvider<P extends TextProvider>(provider: P, pace: ProviderPace, clock: Clock, sleep: Sleep): P {
  const paced =
    <A extends unknown[], R>(send: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const wait = pace.take(MAX_PACE_WAIT_MS);
      if (wait === null)
        throw new TextProviderBusy(`${provider.channel} is at its rate of messages a second`, pace.waitMs());
      if (wait > 0) await sleep(wait);
      try {
        return await send(...args);
      } catch (error) {
        if (error instanceof TextProviderBusy) pace.holdUntil(clock.now().getTime() + error.retryAfterMs);
        throw error;
      }
    };
  const wrapped = { ...provider } as P;
  for (const [name, value] of Object.entries(provider)) {
    if (typeof value === 'function') Object.assign(wrapped, { [name]: paced(value.bind(provider)) });
  }
  return wrapped;
}

/**
 * WhatsApp and SMS each at their rate (the log is not a provider and goes at once). The pace is
 * this process's: only one process runs the jobs that send in bulk (decision 028); codes asked in
 * other processes are few and take their chance.
 */
export function pacedProviders(
  providers: TextProviders,
  messagesPerSecond: { whatsapp: number; sms: number },
  clock: Clock,
  sleep: Sleep = realSleep,
): TextProviders {
  const pace = (channel: 'whatsapp' | 'sms') => new ProviderPace(messagesPerSecond[channel], clock);
  return {
    ...providers,
    ...(providers.whatsapp ? { whatsapp: pacedProvider(providers.whatsapp, pace('whatsapp'), clock, sleep) } : {}),
    ...(providers.sms ? { sms: pacedProvider(providers.sms, pace('sms'), clock, sleep) } : {}),
  };
}
