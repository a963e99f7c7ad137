import { describe, expect, it } from 'vitest';
import { TestClock } from '@server/test/test-clock';
import { MAX_PACE_WAIT_MS, pacedProviders } from './provider-pace';
import { TextProviderBusy, createRecordingTextProvider, type PhoneNotice } from './text-messages';

const notice = (text: string): PhoneNotice => ({
  to: '+923001234567',
  language: 'en',
  notice: { type: 'vendor_message', vendorName: 'Chai Khana', vendorSlug: 'chai-khana', subject: text, message: text },
});

/**
 * Each provider at its rate (decision 081): the sender never hands WhatsApp or SMS more in a second
 * than the provider takes. The waits are on the test's clock, which the sleep moves.
 */
describe('the pace of WhatsApp and SMS', () => {
  function pacedPair(perSecond = { whatsapp: 80, sms: 30 }) {
    const clock = new TestClock();
    const started = clock.now().getTime();
    const providers = { whatsapp: createRecordingTextProvider('whatsapp'), sms: createRecordingTextProvider('sms') };
    const sentAt: Record<'whatsapp' | 'sms', number[]> = { whatsapp: [], sms: [] };
    for (const channel of ['whatsapp', 'sms'] as const) {
      const provider = providers[channel];
      const send = provider.sendNotice.bind(provider);
      provider.sendNotice = (message) => {
        sentAt[channel].push(clock.now().getTime() - started);
        return send(message);
      };
    }
    // Sends that wait side by side: each sleep ends when the clock has been moved to its time.
    const sleeping: Array<{ at: number; wake: () => void }> = [];
    const sleep = (ms: number) => new Promise<void>((wake) => sleeping.push({ at: clock.now().getTime() + ms, wake }));
    const paced = pacedProviders(providers, perSecond, clock, sleep);
    /** Moves the clock to each sleeping send in turn until every send has ended. */
    async function settle(sends: Array<Promise<unknown>>) {
      const all = Promise.allSettled(sends);
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        const next = sleeping.sort((a, b) => a.at - b.at).shift();
        if (!next) return all;
        clock.set(new Date(Math.max(next.at, clock.now().getTime())));
        next.wake();
      }
    }
    const send = (channel: 'whatsapp' | 'sms', text: string) => paced[channel]!.sendNotice(notice(text));
    return { providers, sentAt, send, settle };
  }

  /** Whether the n-th send went no sooner than n spacings after the first (to the clock's millisecond). */
  const keepsTo = (perSecond: number, times: number[]) =>
    times.every((time, index) => time - times[0]! >= Math.floor((index * 1000) / perSecond));

  it("spreads messages evenly at each provider's rate, WhatsApp and SMS each at its own", async () => {
    const { sentAt, send, settle } = pacedPair();
    const outcomes = await settle([
      ...Array.from({ length: 24 }, (_, index) => send('whatsapp', `w${index}`)),
      ...Array.from({ length: 9 }, (_, index) => send('sms', `s${index}`)),
    ]);
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    // The first at once, then 12.5 ms apart (to the next millisecond) on WhatsApp and 33⅓ on SMS.
    expect(sentAt.whatsapp).toEqual(Array.from({ length: 24 }, (_, index) => Math.ceil(index * 12.5)));
    expect(sentAt.sms).toEqual(
      Array.from({ length: 9 }, (_, index) => Math.max(0, Math.ceil((index * 1000) / 30 - 1e-6))),
    );
  });

  it('never hands a provider more in a second than its rate, however the sends arrive', async () => {
    const { sentAt, send, settle } = pacedPair();
    await settle(Array.from({ length: 45 }, (_, index) => send('sms', `s${index}`)));
    await settle(Array.from({ length: 45 }, (_, index) => send('sms', `t${index}`)));
    // Two seconds' worth at once: every one waits its turn (a send waits at most MAX_PACE_WAIT_MS).
    await settle(Array.from({ length: 160 }, (_, index) => send('whatsapp', `w${index}`)));
    expect(sentAt.sms).toHaveLength(90);
    expect(keepsTo(30, sentAt.sms)).toBe(true);
    expect(sentAt.whatsapp).toHaveLength(160);
    expect(keepsTo(80, sentAt.whatsapp)).toBe(true);
    // One message more than the rate would not keep to it.
    expect(keepsTo(30, [...sentAt.sms.slice(0, 30), sentAt.sms[29]!])).toBe(false);
  });

  it('fails a send as busy, sending nothing, when its turn is further off than a send may wait', async () => {
    const { providers, send, settle } = pacedPair({ whatsapp: 80, sms: 1 });
    // At one a second the fourth's turn is 3 s away: longer than a send waits in memory.
    expect(MAX_PACE_WAIT_MS).toBeLessThan(3_000);
    const outcomes = await settle(['s0', 's1', 's2', 's3'].map((text) => send('sms', text)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const busy = (outcomes[3] as PromiseRejectedResult).reason as TextProviderBusy;
    expect(busy).toBeInstanceOf(TextProviderBusy);
    expect(busy.retryAfterMs).toBe(3_000);
    expect(providers.sms.notices.map((sent) => sent.notice.type === 'vendor_message' && sent.notice.subject)).toEqual([
      's0',
      's1',
      's2',
    ]);
  });

  it('holds the provider for its Retry-After after a 429, and the sends behind it wait too', async () => {
    const { providers, sentAt, send, settle } = pacedPair();
    providers.whatsapp.failNext(1, 'busy');
    const [refused] = await settle([send('whatsapp', 'first')]);
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(TextProviderBusy);
    const [next] = await settle([send('whatsapp', 'next')]);
    expect(next!.status).toBe('fulfilled');
    // The recording provider asks for 1 s; SMS is not held by WhatsApp's 429.
    expect(sentAt.whatsapp).toEqual([0, 1_000]);
    await settle([send('sms', 'sms')]);
    expect(sentAt.sms).toEqual([1_000]);
  });
});
