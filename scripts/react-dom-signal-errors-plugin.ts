import type { Plugin } from 'vite';

/**
 * React DOM's signal errors: made once as its module runs, thrown and caught inside React and
 * compared by identity, never shown with their frames (decision 070).
 */
export const REACT_DOM_SIGNAL_ERRORS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const SIGNAL_ERROR = new RegExp(
  `\\b(${REACT_DOM_SIGNAL_ERRORS.join('|')}) = Error\\((formatProdErrorMessage\\(\\d+\\))\\)`,
  'g',
);

const MAKE_SIGNAL_ERROR = '__chaskaSignalError';

/** An Error with the message, made without the Error constructor, so without recording a stack. */
const MAKE_SIGNAL_ERROR_DECLARATION = `
function ${MAKE_SIGNAL_ERROR}(message) {
  return Object.create(Error.prototype, { message: { value: message, writable: true, configurable: true } });
}
`;

/**
 * React DOM's production client with its signal errors made without recording the stack they are
 * made on. At that moment the stack is React DOM's module and the entry file's top level; a browser
 * with a DevTools client attached (Lighthouse, PageSpeed Insights, a profiler) records each frame's
 * line and column and parses both again for them: 85 to 190 ms of main thread on the bench host,
 * about 1 ms in a visitor's browser. A React DOM that no longer has one of them fails the build, so
 * an upgrade is checked again rather than silently measured slower.
 */
export function withSignalErrorsWithoutStacks(source: string): string {
  const replaced = new Set<string>();
  const rewritten = source.replace(SIGNAL_ERROR, (_whole, name: string, message: string) => {
    replaced.add(name);
    return `${name} = ${MAKE_SIGNAL_ERROR}(${message})`;
  });
  const missing = REACT_DOM_SIGNAL_ERRORS.filter((name) => !replaced.has(name));
  if (missing.length > 0) {
    throw new Error(
      `React DOM no longer makes ${missing.join(', ')} as before: check decision 070 against this version`,
    );
  }
  return `${rewritten}${MAKE_SIGNAL_ERROR_DECLARATION}`;
}

const REACT_DOM_CLIENT_PRODUCTION = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** The browser build's React DOM, rewritten by withSignalErrorsWithoutStacks. */
export function reactDomSignalErrors(): Plugin {
  return {
    name: 'chaska:react-dom-signal-errors',
    transform(code, id) {
      if (!REACT_DOM_CLIENT_PRODUCTION.test(id)) return undefined;
      // Only five lines change, and only within the line: the file's own mappings still hold.
      return { code: withSignalErrorsWithoutStacks(code), map: null };
    },
  };
}
