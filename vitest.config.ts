import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/support/e2e-workers.ts';
import { serverRenderingStubs } from './vite.config.ts';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
};

// CI collects every run's results (npm test starts two: the unit and browser suites side by side)
// as one JSON file per process in this folder, named by database and projects, and adds them up.
const reportFolder = process.env.TEST_REPORT_DIR;
const reportName = [
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  ...process.argv.filter((_, index, args) => args[index - 1] === '--project'),
  process.pid,
].join('-');

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: reportFolder
      ? ['default', ['json', { outputFile: path.join(reportFolder, `${reportName}.json`) }]]
      : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          // A file on every core: each file has a database of its own (a PostgreSQL database made
          // from the template, or PGlite inside the worker). Vitest's default leaves a core idle,
          // which on a 2-core machine runs the files one at a time.
          maxWorkers: availableParallelism(),
          // A worker keeps the modules it has loaded from one file to the next: importing the server
          // (Fastify, Better Auth, the schema, both catalogues) took about 2.5 s of CPU per file, 400
          // of the suite's seconds. Each file still gets its own app and database; a test that changes
          // something global puts it back (vi.unstubAllGlobals, vi.useRealTimers), and these settings
          // do it for any that forget.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // No service worker in happy-dom: the screens that register one get the server's no-op.
        plugins: [serverRenderingStubs()],
        test: {
          // Forms and widgets that carry rules, drawn by React in happy-dom with Testing Library:
          // what a person sees for each answer. The answers are proven by the API tests.
          name: 'components',
          include: ['src/client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/client/test/component-setup.ts'],
          // npm test runs it in the unit suite's process: after the unit files, as its own group
          // (Vitest runs projects with different worker counts in different groups).
          sequence: { groupOrder: 1 },
          unstubGlobals: true,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // A journey takes 10 to 30 s; on a host twice as slow, beside the unit suite, some took
          // over a minute and failed on time alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page answers in tens of milliseconds on a quiet machine and in seconds while the unit
          // suite shares its two cores (npm test runs both): Vitest's default of 1 s for expect.poll
          // failed journeys that only waited for the page to catch up.
          expect: { poll: { timeout: 10_000 } },
          // Two workers, each running its journeys file by file against an app and a database of
          // its own (e2e/support/server.ts, started by the global setup).
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
