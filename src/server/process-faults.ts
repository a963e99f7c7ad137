import { isDatabaseUnavailable } from './db/database-unavailable';

export interface FaultLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  fatal(object: object, message: string): void;
}

/**
 * A promise that failed with nobody awaiting it: a background job (an e-mail after a stamp, an
 * announcement) met the database away, or a bug. Neither leaves the process in an unknown state,
 * so it keeps serving; a bug is logged as an error so that it is seen and fixed, never dropped.
 */
export function reportUnhandledRejection(log: FaultLog, reason: unknown): void {
  if (isDatabaseUnavailable(reason)) {
    log.warn({ err: reason }, 'A background task failed while the database was unavailable');
  } else {
    log.error({ err: reason }, 'Unhandled promise rejection: a promise failed with nobody awaiting it');
  }
}

/**
 * An exception nobody caught. A database connection error here (an 'error' event of a driver
 * object without a listener) concerns a connection that is already gone: the process carries on
 * and the pool reconnects. Anything else may have left the process half-way through a change,
 * so it stops and the supervisor starts a clean one.
 */
export function reportUncaughtException(log: FaultLog, error: unknown): 'carry-on' | 'stop' {
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'A database connection failed outside any request; carrying on');
    return 'carry-on';
  }
  log.fatal({ err: error }, 'Uncaught exception: stopping');
  return 'stop';
}

/** Installs both for this process; main.ts calls it once the logger exists. */
export function handleProcessFaults(log: FaultLog): void {
  process.on('unhandledRejection', (reason) => reportUnhandledRejection(log, reason));
  process.on('uncaughtException', (error) => {
    if (reportUncaughtException(log, error) === 'stop') process.exit(1);
  });
}
