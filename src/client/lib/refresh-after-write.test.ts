import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './refresh-after-write';

/** A query on screen whose first answer was read before the write and arrives after it. */
function listingLoadingDuringWrite() {
  const queryClient = new QueryClient();
  let server = 'not held';
  let answerFirst: (value: string) => void = () => undefined;
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: ['cards'],
    queryFn: () => {
      calls += 1;
      // The first read is answered by the server before the write, and reaches the page after it.
      if (calls === 1) {
        const before = server;
        return new Promise<string>((resolve) => (answerFirst = () => resolve(before)));
      }
      return Promise.resolve(server);
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    queryClient,
    write: () => (server = 'held'),
    deliverFirstAnswer: () => answerFirst(''),
    shown: () => observer.getCurrentResult().data,
    settled: () => new Promise((resolve) => setTimeout(resolve, 10)),
    unsubscribe,
  };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('refreshing after a write', () => {
  it('shows the answer read after the write, even when the first read was still on its way', async () => {
    const page = listingLoadingDuringWrite();
    cleanup = page.unsubscribe;
    page.write();
    const refreshed = refreshAfterWrite(page.queryClient, { queryKey: ['cards'] });
    page.deliverFirstAnswer();
    await refreshed;
    await page.settled();
    expect(page.shown()).toBe('held');
  });

  it('is needed: invalidating alone keeps the answer read before the write', async () => {
    const page = listingLoadingDuringWrite();
    cleanup = page.unsubscribe;
    page.write();
    const invalidated = page.queryClient.invalidateQueries({ queryKey: ['cards'] });
    page.deliverFirstAnswer();
    await invalidated;
    await page.settled();
    expect(page.shown()).toBe('not held');
  });
});
