import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { reportUncaughtException, reportUnhandledRejection, type FaultLog } from './process-faults';

function recordingLog() {
  const lines: Array<{ level: 'warn' | 'error' | 'fatal'; message: string; err: unknown }> = [];
  const log: FaultLog = {
    warn: (object, message) => lines.push({ level: 'warn', message, err: (object as { err?: unknown }).err }),
    error: (object, message) => lines.push({ level: 'error', message, err: (object as { err?: unknown }).err }),
    fatal: (object, message) => lines.push({ level: 'fatal', message, err: (object as { err?: unknown }).err }),
  };
  return { log, lines };
}

function adminShutdown(): Error {
  const error = new pg.DatabaseError('terminating connection due to administrator command', 116, 'error');
  error.code = '57P01';
  return error;
}

describe('faults nobody handled', () => {
  it('logs a background task that met the database away as a warning', () => {
    const { log, lines } = recordingLog();
    const error = adminShutdown();
    reportUnhandledRejection(log, error);
    expect(lines).toEqual([
      { level: 'warn', message: 'A background task failed while the database was unavailable', err: error },
    ]);
  });

  it('logs any other unhandled rejection as an error, with the error, and keeps serving', () => {
    const { log, lines } = recordingLog();
    const bug = new TypeError("Cannot read properties of undefined (reading 'email')");
    reportUnhandledRejection(log, bug);
    expect(lines).toEqual([
      { level: 'error', message: 'Unhandled promise rejection: a promise failed with nobody awaiting it', err: bug },
    ]);
  });

  it("carries on after a database connection's unheard 'error' event", () => {
    const { log, lines } = recordingLog();
    expect(reportUncaughtException(log, adminShutdown())).toBe('carry-on');
    expect(reportUncaughtException(log, new Error('Connection terminated unexpectedly'))).toBe('carry-on');
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
  });

  it('stops on any other uncaught exception, after logging it', () => {
    const { log, lines } = recordingLog();
    const bug = new RangeError('Invalid time value');
    expect(reportUncaughtException(log, bug)).toBe('stop');
    expect(lines).toEqual([{ level: 'fatal', message: 'Uncaught exception: stopping', err: bug }]);
  });
});
