import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { REACT_DOM_SIGNAL_ERRORS, withSignalErrorsWithoutStacks } from './react-dom-signal-errors-plugin';

const require = createRequire(import.meta.url);
const installedReactDom = readFileSync(
  path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-client.production.js'),
  'utf8',
);

/** Runs a CommonJS module's source with the installed packages, returning what it exports. */
function runModule(source: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const run = vm.runInThisContext(`(function (exports, require, module) {${source}\n})`) as (
    exports: unknown,
    require: NodeJS.Require,
    module: unknown,
  ) => void;
  run(module.exports, require, module);
  return module.exports;
}

describe('React DOM signal errors made without a stack (decision 070)', () => {
  it('rewrites each of the installed React DOM’s signal errors, and the module still runs', () => {
    const rewritten = withSignalErrorsWithoutStacks(installedReactDom);
    for (const name of REACT_DOM_SIGNAL_ERRORS) {
      expect(rewritten).toMatch(new RegExp(`\\b${name} = __chaskaSignalError\\(formatProdErrorMessage\\(\\d+\\)\\)`));
      expect(rewritten).not.toMatch(new RegExp(`\\b${name} = Error\\(`));
    }
    const client = runModule(rewritten);
    expect(typeof client.hydrateRoot).toBe('function');
    expect(typeof client.createRoot).toBe('function');
  });

  it('makes an Error with the message and no recorded stack', () => {
    const source = [
      'var HydrationMismatchException = Error(formatProdErrorMessage(519));',
      'var SuspenseException = Error(formatProdErrorMessage(460)),',
      '  SuspenseyCommitException = Error(formatProdErrorMessage(474)),',
      '  SuspenseActionException = Error(formatProdErrorMessage(542));',
      'var SelectiveHydrationException = Error(formatProdErrorMessage(461));',
      'function formatProdErrorMessage(code) { return "Minified React error #" + code; }',
      'module.exports = { HydrationMismatchException, SuspenseException, SelectiveHydrationException };',
    ].join('\n');
    const exported = runModule(withSignalErrorsWithoutStacks(source));
    const signal = exported.SuspenseException as Error;
    expect(signal).toBeInstanceOf(Error);
    expect(signal.message).toBe('Minified React error #460');
    expect(String(signal)).toBe('Error: Minified React error #460');
    expect(signal.stack).toBeUndefined();
    expect(exported.HydrationMismatchException).not.toBe(exported.SelectiveHydrationException);
  });

  it('fails the build when a signal error is no longer made as before', () => {
    const withoutOne = installedReactDom.replace(
      /\bSelectiveHydrationException = Error\(/,
      'SelectiveHydrationException = new Error(',
    );
    expect(() => withSignalErrorsWithoutStacks(withoutOne)).toThrow(/SelectiveHydrationException/);
    expect(() => withSignalErrorsWithoutStacks('module.exports = {};')).toThrow(/HydrationMismatchException/);
  });
});
