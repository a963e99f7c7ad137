/**
 * `npm run bench:explain`: calls every list and count endpoint of the app, in-process, on the
 * scale database, records the SQL each call sends, runs EXPLAIN (ANALYZE, BUFFERS) on every
 * distinct read, and writes bench/explain/plans/<endpoint>.txt and bench/explain/summary.md.
 * It exits non-zero when a page query reads stamps, user_cards or vendors with a sequential scan.
 *
 * Options: --database-url (default: as `seed:scale`, chaska_bench on the local server), --runs
 * (timed calls per endpoint), --only (a regular expression on endpoint names: writes those plans
 * and prints, leaves summary.md alone), --vendor, --customer and --admin (e-mails of the people
 * signed in; default the bench accounts of `seed:scale`, whose vendor 1 is the largest), and
 * --password (default the bench password).
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, withConnectionOptions } from '../../src/server/db/client';
import {
  BENCH_PASSWORD,
  benchAdminEmail,
  benchCustomerEmail,
  benchVendorEmail,
  defaultBenchDatabaseUrl,
} from '../bench-accounts';
import { findBenchContext } from './bench-context';
import { listEndpoints, type Persona } from './endpoints';
import { distinctStatements, explainStatement, isRead } from './explain-statement';
import { signIn, signInAdmin } from './sign-in';
import { createSqlRecorder } from './sql-recorder';
import { findingsOf, summaryMarkdown, writePlans, writeReport, type EndpointReport } from './write-report';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: defaultBenchDatabaseUrl() },
    password: { type: 'string', default: BENCH_PASSWORD },
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    vendor: { type: 'string', default: benchVendorEmail(1) },
    customer: { type: 'string', default: benchCustomerEmail(1) },
    admin: { type: 'string', default: benchAdminEmail() },
  },
});

const databaseUrl = options['database-url'];
const runs = Math.max(1, Number(options.runs));
const outDir = path.dirname(fileURLToPath(import.meta.url));
const loadBefore = loadavg();

// A runaway plan answers 500 (the app) or an error (EXPLAIN) after a minute instead of holding the run.
const withStatementTimeout = (url: string) => {
  const limited = new URL(url);
  limited.searchParams.set('options', '-c statement_timeout=60000');
  return limited.toString();
};
// The app's own connection settings (JIT off), so a plan is the one the app runs.
const client = new pg.Client({ connectionString: withConnectionOptions(withStatementTimeout(databaseUrl)) });
await client.connect();
const context = await findBenchContext(client, {
  vendorOwnerEmail: options.vendor,
  customerEmail: options.customer,
  adminEmail: options.admin,
});
const serverVersion =
  (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
console.log(
  `Vendor ${context.vendor.slug} (${context.vendor.stamps} stamps, ${context.counts.customersOfVendor} customers); customer ${context.customerEmail}; admin ${context.adminEmail}`,
);

const recorder = createSqlRecorder();
const database = await openDatabase({ kind: 'postgres', url: withStatementTimeout(databaseUrl) });
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'bench-explain-secret-that-is-long-enough-0123456789',
  PUBLIC_URL: 'http://localhost:3000',
  DEMO_MODE: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '1000',
  // Every call must reach the database: the timings and plans are of the queries, not of the memo.
  PUBLIC_LISTING_CACHE_SECONDS: '0',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

try {
  const cookies: Record<Persona, string> = {
    visitor: '',
    customer: await signIn(app, context.customerEmail, options.password),
    vendor: await signIn(app, context.vendor.ownerEmail, options.password),
    admin: await signInAdmin(app, context.adminEmail, options.password),
  };
  const pattern = options.only ? new RegExp(options.only) : null;
  const endpoints = listEndpoints(context).filter((endpoint) => !pattern || pattern.test(endpoint.name));

  const reports: EndpointReport[] = [];
  for (const endpoint of endpoints) {
    const call = () =>
      app.inject({
        method: 'GET',
        url: endpoint.url,
        headers: cookies[endpoint.persona] ? { cookie: cookies[endpoint.persona] } : {},
      });
    const { result: response, statements } = await recorder.record(call);
    if (response.statusCode !== 200)
      console.warn(`${endpoint.name}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
    const timingsMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = process.hrtime.bigint();
      await call();
      timingsMs.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const reads = statements.filter(isRead);
    const explained = [];
    for (const statement of distinctStatements(reads)) {
      const repeats = reads.filter(
        (other) => other.text === statement.text && JSON.stringify(other.values) === JSON.stringify(statement.values),
      ).length;
      explained.push({ ...(await explainStatement(client, statement)), repeats });
    }
    reports.push({ endpoint, status: response.statusCode, timingsMs, statementCount: statements.length, explained });
    console.log(`${endpoint.name}: ${reads.length} reads, ${timingsMs.map((time) => time.toFixed(0)).join(' ')} ms`);
  }

  const header = {
    database: new URL(databaseUrl).pathname.slice(1),
    generatedAt: new Date(),
    serverVersion: `PostgreSQL ${serverVersion}`,
    cores: cpus().length,
    loadBefore,
    loadAfter: loadavg(),
    runs,
    dataLine:
      `Data: ${context.counts.vendors.toLocaleString('en')} vendors, ${context.counts.users.toLocaleString('en')} users, ${context.counts.cards.toLocaleString('en')} cards. ` +
      `Vendor: ${context.vendor.businessName} (${context.vendor.slug}), ${context.vendor.stamps.toLocaleString('en')} stamps, ${context.counts.customersOfVendor.toLocaleString('en')} customers.`,
  };
  const { summary, findings } = pattern
    ? await (async () => {
        await writePlans(outDir, reports, false);
        const partial = findingsOf(reports);
        return { summary: summaryMarkdown(header, reports, partial), findings: partial };
      })()
    : await writeReport(outDir, header, reports);
  console.log(`\n${summary}`);
  const failures = findings.filter((finding) => !finding.allowedBecause);
  if (failures.length > 0) {
    console.error(
      `${failures.length} page quer${failures.length === 1 ? 'y reads' : 'ies read'} a watched table with a sequential scan.`,
    );
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await database.close();
  await client.end();
  recorder.restore();
}
