import { englishAuthText, OAUTH_MESSAGE_KEYS, type Translate } from '@shared/accounts/account-messages';

/** SPEC.md section 9: popup size, closed-check interval and time-out of the social sign-in. */
export const GOOGLE_START_PATH = '/api/accounts/google/start';
export const POPUP_NAME = 'chaska-google-sign-in';
export const POPUP_FEATURES = 'width=500,height=600';
export const POPUP_CLOSED_CHECK_MS = 1000;
export const POPUP_TIMEOUT_MS = 300_000;

/** What /auth/callback posts to the window that opened it. */
export type PopupMessage =
  { type: 'oauth_success'; session: { user: unknown } } | { type: 'oauth_error'; error: string };

export type PopupOutcome = { kind: 'success'; user: unknown } | { kind: 'error'; message: string };

export type PopupFlowState =
  | { phase: 'waiting' }
  /** The popup closed without a message: a session decides between success and "cancelled". */
  | { phase: 'checking-session' }
  | { phase: 'done'; outcome: PopupOutcome };

export type PopupFlowEvent =
  | { type: 'message'; origin: string; data: unknown }
  | { type: 'closed-check'; closed: boolean }
  | { type: 'timed-out' }
  /** `failed` when the session could not be read at all (network or server trouble). */
  | { type: 'session-checked'; user: unknown; failed?: boolean };

export const INITIAL_POPUP_STATE: PopupFlowState = { phase: 'waiting' };

/** Reads a posted message; anything that is not one of ours (other scripts post too) is null. */
export function readPopupMessage(data: unknown, t: Translate = englishAuthText): PopupMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'oauth_success') {
    const session = message.session as Record<string, unknown> | null | undefined;
    if (typeof session === 'object' && session !== null && session.user)
      return { type: 'oauth_success', session: { user: session.user } };
    return null;
  }
  if (message.type === 'oauth_error') {
    return {
      type: 'oauth_error',
      error: typeof message.error === 'string' && message.error ? message.error : t(OAUTH_MESSAGE_KEYS.failed),
    };
  }
  return null;
}

const done = (outcome: PopupOutcome): PopupFlowState => ({ phase: 'done', outcome });

/**
 * SPEC.md section 4: success on an oauth_success message from our own origin; failure on an
 * oauth_error message, on a popup closed with no session ("Authentication was cancelled") or
 * after the time-out. Pure, so every path is tested without a browser.
 */
export function nextPopupState(
  state: PopupFlowState,
  event: PopupFlowEvent,
  expectedOrigin: string,
  t: Translate = englishAuthText,
): PopupFlowState {
  if (state.phase === 'done') return state;
  switch (event.type) {
    case 'message': {
      if (event.origin !== expectedOrigin) return state;
      const message = readPopupMessage(event.data, t);
      if (!message) return state;
      return message.type === 'oauth_success'
        ? done({ kind: 'success', user: message.session.user })
        : done({ kind: 'error', message: message.error });
    }
    case 'closed-check':
      return event.closed && state.phase === 'waiting' ? { phase: 'checking-session' } : state;
    case 'timed-out':
      return done({ kind: 'error', message: t(OAUTH_MESSAGE_KEYS.timeout) });
    case 'session-checked':
      if (state.phase !== 'checking-session') return state;
      if (event.failed) return done({ kind: 'error', message: t(OAUTH_MESSAGE_KEYS.finalCheckFailed) });
      return event.user
        ? done({ kind: 'success', user: event.user })
        : done({ kind: 'error', message: t(OAUTH_MESSAGE_KEYS.cancelled) });
  }
}
