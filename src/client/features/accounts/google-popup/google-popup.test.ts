import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INITIAL_POPUP_STATE,
  nextPopupState,
  POPUP_CLOSED_CHECK_MS,
  POPUP_TIMEOUT_MS,
  readPopupMessage,
} from './popup-flow';
import { startGooglePopup, type PopupEnvironment } from './run-google-popup';

const ORIGIN = 'https://chaska.example.pk';
const USER = { id: 'user-1', email: 'ayesha@example.pk' };

describe('nextPopupState', () => {
  it('succeeds on an oauth_success message from our own origin', () => {
    const state = nextPopupState(
      INITIAL_POPUP_STATE,
      { type: 'message', origin: ORIGIN, data: { type: 'oauth_success', session: { user: USER } } },
      ORIGIN,
    );
    expect(state).toEqual({ phase: 'done', outcome: { kind: 'success', user: USER } });
  });

  it('ignores messages from other origins and messages that are not ours', () => {
    const foreign = nextPopupState(
      INITIAL_POPUP_STATE,
      { type: 'message', origin: 'https://evil.example', data: { type: 'oauth_success', session: { user: USER } } },
      ORIGIN,
    );
    expect(foreign).toBe(INITIAL_POPUP_STATE);
    const unrelated = nextPopupState(
      INITIAL_POPUP_STATE,
      { type: 'message', origin: ORIGIN, data: 'webpackHotUpdate' },
      ORIGIN,
    );
    expect(unrelated).toBe(INITIAL_POPUP_STATE);
    const noUser = nextPopupState(
      INITIAL_POPUP_STATE,
      { type: 'message', origin: ORIGIN, data: { type: 'oauth_success', session: {} } },
      ORIGIN,
    );
    expect(noUser).toBe(INITIAL_POPUP_STATE);
  });

  it('fails with the error an oauth_error message carries, or the generic one', () => {
    const withText = nextPopupState(
      INITIAL_POPUP_STATE,
      { type: 'message', origin: ORIGIN, data: { type: 'oauth_error', error: 'No OAuth URL returned' } },
      ORIGIN,
    );
    expect(withText).toEqual({ phase: 'done', outcome: { kind: 'error', message: 'No OAuth URL returned' } });
    expect(readPopupMessage({ type: 'oauth_error' })).toEqual({
      type: 'oauth_error',
      error: 'OAuth authentication failed',
    });
  });

  it('checks the session when the popup closes, then succeeds or reports the cancellation', () => {
    expect(nextPopupState(INITIAL_POPUP_STATE, { type: 'closed-check', closed: false }, ORIGIN)).toBe(
      INITIAL_POPUP_STATE,
    );
    const checking = nextPopupState(INITIAL_POPUP_STATE, { type: 'closed-check', closed: true }, ORIGIN);
    expect(checking).toEqual({ phase: 'checking-session' });
    expect(nextPopupState(checking, { type: 'closed-check', closed: true }, ORIGIN)).toBe(checking);
    expect(nextPopupState(checking, { type: 'session-checked', user: USER }, ORIGIN)).toEqual({
      phase: 'done',
      outcome: { kind: 'success', user: USER },
    });
    expect(nextPopupState(checking, { type: 'session-checked', user: null }, ORIGIN)).toEqual({
      phase: 'done',
      outcome: { kind: 'error', message: 'Authentication was cancelled' },
    });
    expect(nextPopupState(checking, { type: 'session-checked', user: null, failed: true }, ORIGIN)).toEqual({
      phase: 'done',
      outcome: { kind: 'error', message: 'Final authentication check failed' },
    });
  });

  it('times out, and never changes once done', () => {
    const timedOut = nextPopupState(INITIAL_POPUP_STATE, { type: 'timed-out' }, ORIGIN);
    expect(timedOut).toEqual({ phase: 'done', outcome: { kind: 'error', message: 'Authentication timeout' } });
    expect(
      nextPopupState(
        timedOut,
        { type: 'message', origin: ORIGIN, data: { type: 'oauth_success', session: { user: USER } } },
        ORIGIN,
      ),
    ).toBe(timedOut);
  });

  it('ignores a late session answer once a message has decided', () => {
    const checking = nextPopupState(INITIAL_POPUP_STATE, { type: 'closed-check', closed: true }, ORIGIN);
    const failed = nextPopupState(
      checking,
      { type: 'message', origin: ORIGIN, data: { type: 'oauth_error', error: 'OAuth authentication failed' } },
      ORIGIN,
    );
    expect(nextPopupState(failed, { type: 'session-checked', user: USER }, ORIGIN)).toBe(failed);
  });
});

/** A fake browser: a popup that can be closed by "the user", and a message bus. */
function fakeEnvironment(options: { blocked?: boolean; user?: unknown; sessionFails?: boolean } = {}) {
  const popup = {
    closed: false,
    closeCalls: 0,
    close() {
      this.closed = true;
      this.closeCalls += 1;
    },
  };
  const listeners = new Set<(event: { origin: string; data: unknown }) => void>();
  const opened: Array<{ url: string; name: string; features: string }> = [];
  const fetchUser = vi.fn(() =>
    options.sessionFails ? Promise.reject(new Error('offline')) : Promise.resolve(options.user ?? null),
  );
  const environment: PopupEnvironment = {
    origin: ORIGIN,
    open(url, name, features) {
      opened.push({ url, name, features });
      return options.blocked ? null : popup;
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fetchUser,
  };
  const post = (data: unknown, origin = ORIGIN) => listeners.forEach((listener) => listener({ origin, data }));
  return { environment, popup, listeners, opened, post, fetchUser };
}

describe('startGooglePopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the start route in a 500x600 popup', () => {
    const fake = fakeEnvironment();
    startGooglePopup(fake.environment);
    expect(fake.opened).toEqual([
      { url: '/api/accounts/google/start', name: 'chaska-google-sign-in', features: 'width=500,height=600' },
    ]);
  });

  it('reports a blocked popup', async () => {
    const fake = fakeEnvironment({ blocked: true });
    await expect(startGooglePopup(fake.environment).result).resolves.toEqual({
      kind: 'error',
      message: 'Popup blocked. Please allow popups and try again.',
    });
  });

  it('succeeds on the popup message, closes the popup and stops listening', async () => {
    const fake = fakeEnvironment();
    const flow = startGooglePopup(fake.environment);
    fake.post({ type: 'oauth_success', session: { user: USER } });
    await expect(flow.result).resolves.toEqual({ kind: 'success', user: USER });
    expect(fake.popup.closed).toBe(true);
    expect(fake.listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports an oauth_error message', async () => {
    const fake = fakeEnvironment();
    const flow = startGooglePopup(fake.environment);
    fake.post({ type: 'oauth_error', error: 'OAuth authentication failed' });
    await expect(flow.result).resolves.toEqual({ kind: 'error', message: 'OAuth authentication failed' });
    expect(fake.popup.closeCalls).toBe(1);
  });

  it('says "Authentication was cancelled" when the popup is closed with no session', async () => {
    const fake = fakeEnvironment({ user: null });
    const flow = startGooglePopup(fake.environment);
    fake.post({ type: 'oauth_success', session: { user: USER } }, 'https://evil.example');
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    expect(fake.fetchUser).not.toHaveBeenCalled();
    fake.popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    await expect(flow.result).resolves.toEqual({ kind: 'error', message: 'Authentication was cancelled' });
    expect(fake.fetchUser).toHaveBeenCalledTimes(1);
  });

  it('succeeds when the popup closed before its message but the session exists', async () => {
    const fake = fakeEnvironment({ user: USER });
    const flow = startGooglePopup(fake.environment);
    fake.popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    await expect(flow.result).resolves.toEqual({ kind: 'success', user: USER });
  });

  it('reports the final check when the session cannot be read', async () => {
    const fake = fakeEnvironment({ sessionFails: true });
    const flow = startGooglePopup(fake.environment);
    fake.popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    await expect(flow.result).resolves.toEqual({ kind: 'error', message: 'Final authentication check failed' });
  });

  it('times out after 300000 ms and closes the popup', async () => {
    const fake = fakeEnvironment();
    const flow = startGooglePopup(fake.environment);
    await vi.advanceTimersByTimeAsync(POPUP_TIMEOUT_MS - 1);
    expect(fake.popup.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(flow.result).resolves.toEqual({ kind: 'error', message: 'Authentication timeout' });
    expect(fake.popup.closed).toBe(true);
  });

  it('closes the popup when cancelled by the page', async () => {
    const fake = fakeEnvironment();
    const flow = startGooglePopup(fake.environment);
    flow.cancel();
    await expect(flow.result).resolves.toEqual({ kind: 'error', message: 'Authentication was cancelled' });
    expect(fake.popup.closed).toBe(true);
    expect(fake.listeners.size).toBe(0);
  });
});
