/**
 * npm run bench:web [-- --build] [-- --runs N] [-- --out FILE]
 * The front end's figures: what /, /auth and /vendor-clubs download first (from the build's
 * .vite/initial-weight.json) and Lighthouse's scores for them, in a table and in
 * bench/web-results.json. Uses the existing build unless --build is given or there is none.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatWebResults } from './format-web-results';
import { runWebBench } from './run-web-bench';

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'bench/web-results.json' },
  },
});

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs expects a whole number of at least 1');

const results = await runWebBench({ build: values.build, runs });
writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${formatWebResults(results)}\n\nWritten to ${values.out}`);
