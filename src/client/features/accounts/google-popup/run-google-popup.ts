import { englishAuthText, OAUTH_MESSAGE_KEYS, type Translate } from '@shared/accounts/account-messages';
import {
  GOOGLE_START_PATH,
  INITIAL_POPUP_STATE,
  nextPopupState,
  POPUP_CLOSED_CHECK_MS,
  POPUP_FEATURES,
  POPUP_NAME,
  POPUP_TIMEOUT_MS,
  type PopupFlowEvent,
  type PopupOutcome,
} from './popup-flow';

export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}

/** The browser pieces the flow touches, passed in so tests can drive it without a browser. */
export interface PopupEnvironment {
  origin: string;
  /** The screen's translator (the admin's overrides); the catalogue's English without one. */
  translate?: Translate;
  open(url: string, name: string, features: string): PopupWindow | null;
  /** Listens to `message` events on this window; returns the function that stops listening. */
  onMessage(listener: (event: { origin: string; data: unknown }) => void): () => void;
  /** The signed-in user according to the server, or null. */
  fetchUser(): Promise<unknown>;
}

export interface GooglePopupFlow {
  result: Promise<PopupOutcome>;
  /** Stops waiting and closes the popup, for example when the page is left. */
  cancel(): void;
}

export function browserPopupEnvironment(fetchUser: () => Promise<unknown>): PopupEnvironment {
  return {
    origin: window.location.origin,
    open: (url, name, features) => window.open(url, name, features),
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener({ origin: event.origin, data: event.data as unknown });
      window.addEventListener('message', handler);
      return () => window.removeEventListener('message', handler);
    },
    fetchUser,
  };
}

/**
 * Opens Google's sign-in in a 500x600 popup and settles once: on the popup's message, when it
 * is closed (then the server's session decides), or after the time-out. The popup is closed at
 * the end whatever happened. Call it straight from a click handler, or browsers block the popup.
 */
export function startGooglePopup(environment: PopupEnvironment): GooglePopupFlow {
  const t = environment.translate ?? englishAuthText;
  const opened = environment.open(GOOGLE_START_PATH, POPUP_NAME, POPUP_FEATURES);
  if (!opened) {
    return {
      result: Promise.resolve({ kind: 'error', message: t(OAUTH_MESSAGE_KEYS.popupBlocked) }),
      cancel: () => undefined,
    };
  }
  const popup: PopupWindow = opened;

  let state = INITIAL_POPUP_STATE;
  let settle: (outcome: PopupOutcome) => void = () => undefined;
  const result = new Promise<PopupOutcome>((resolve) => {
    settle = resolve;
  });

  const stopListening = environment.onMessage((event) =>
    dispatch({ type: 'message', origin: event.origin, data: event.data }),
  );
  const closedCheck = setInterval(
    () => dispatch({ type: 'closed-check', closed: popup.closed }),
    POPUP_CLOSED_CHECK_MS,
  );
  const timeout = setTimeout(() => dispatch({ type: 'timed-out' }), POPUP_TIMEOUT_MS);

  function finish(outcome: PopupOutcome): void {
    stopListening();
    clearInterval(closedCheck);
    clearTimeout(timeout);
    if (!popup.closed) popup.close();
    settle(outcome);
  }

  function dispatch(event: PopupFlowEvent): void {
    const previous = state;
    state = nextPopupState(state, event, environment.origin, t);
    if (state === previous) return;
    if (state.phase === 'checking-session') {
      environment.fetchUser().then(
        (user) => dispatch({ type: 'session-checked', user }),
        () => dispatch({ type: 'session-checked', user: null, failed: true }),
      );
    } else if (state.phase === 'done') {
      finish(state.outcome);
    }
  }

  return {
    result,
    cancel() {
      if (state.phase === 'done') return;
      state = { phase: 'done', outcome: { kind: 'error', message: t(OAUTH_MESSAGE_KEYS.cancelled) } };
      finish(state.outcome);
    },
  };
}
