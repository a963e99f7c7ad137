import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function dataDir() {
  return mkdtempSync(path.join(tmpdir(), 'chaska-config-'));
}

describe('loadConfig', () => {
  it('works on a fresh machine: embedded database, demo mode on, a generated and kept secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demoMode).toBe(true);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('listens on loopback by default in development and while PUBLIC_URL is this machine', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://[::1]:3000' }).host).toBe('::1');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development', PUBLIC_URL: 'https://dev.chaska.pk' }).host).toBe(
      '127.0.0.1',
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://chaska.pk', ALLOW_SANDBOX_PAYMENTS: 'true' }).host,
    ).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', NODE_ENV: 'development' }).host).toBe('0.0.0.0');
  });

  it('allows loopback webhook and push targets for the e2e tests only on a server nobody else reaches', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).allowLoopbackTargetsForTests).toBe(false);
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://127.0.0.1:4100',
        ALLOW_LOOPBACK_TARGETS_FOR_TESTS: 'true',
      }).allowLoopbackTargetsForTests,
    ).toBe(true);
    for (const reachable of [
      { HOST: '0.0.0.0', PUBLIC_URL: 'http://127.0.0.1:4100', ALLOW_SANDBOX_PAYMENTS: 'true' },
      { PUBLIC_URL: 'https://chaska.pk', ALLOW_SANDBOX_PAYMENTS: 'true' },
      { NODE_ENV: 'development', HOST: '::', PUBLIC_URL: 'http://localhost:3000' },
    ])
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...reachable, ALLOW_LOOPBACK_TARGETS_FOR_TESTS: 'true' })).toThrow(
        'ALLOW_LOOPBACK_TARGETS_FOR_TESTS: lets customers and vendors make the server call ports of this machine',
      );
  });

  it('runs as production (JSON log lines) unless NODE_ENV says development', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).env).toBe('production');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).env).toBe('development');
  });

  it('turns demo mode off and requires a secret with a PostgreSQL server', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://localhost/chaska' })).toThrow(
      /SESSION_SECRET: required with DATABASE_URL/,
    );
    const config = loadConfig({ DATABASE_URL: 'postgresql://localhost/chaska', SESSION_SECRET: 'x'.repeat(40) });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://localhost/chaska' });
    expect(config.demoMode).toBe(false);
  });

  it('runs one app process with a 10 s shutdown bound unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.webConcurrency).toBe(1);
    expect(config.shutdownTimeoutMs).toBe(10_000);
    const tuned = loadConfig({
      DATABASE_URL: 'postgresql://localhost/chaska',
      SESSION_SECRET: 'x'.repeat(32),
      WEB_CONCURRENCY: '4',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    expect(tuned.webConcurrency).toBe(4);
    expect(tuned.shutdownTimeoutMs).toBe(2500);
  });

  it('refuses a WEB_CONCURRENCY that is not a whole number of processes, naming it', () => {
    const base = { DATABASE_URL: 'postgresql://localhost/chaska', SESSION_SECRET: 'x'.repeat(32) };
    for (const bad of ['0', '-2', '1.5', 'two', '65']) {
      expect(() => loadConfig({ ...base, WEB_CONCURRENCY: bad })).toThrow(
        /WEB_CONCURRENCY: expected a whole number of processes from 1 to 64/,
      );
    }
    expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS: expected/);
  });

  it('refuses more than one process on the embedded database, which one process owns', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: 2 processes need a shared PostgreSQL server \(DATABASE_URL\)/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('reads DATABASE_READ_URL as the replica of the PostgreSQL server, and leaves it out when unset', () => {
    const base = { DATABASE_URL: 'postgresql://primary/chaska', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, DATABASE_READ_URL: 'postgres://replica:5433/chaska' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://primary/chaska',
      readUrl: 'postgres://replica:5433/chaska',
    });
    expect(loadConfig({ ...base, DATABASE_READ_URL: '' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://primary/chaska',
    });
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'mysql://replica/chaska' })).toThrow(
      /DATABASE_READ_URL: expected a postgres:\/\/ or postgresql:\/\/ address/,
    );
  });

  it('refuses a read replica without DATABASE_URL: the embedded database has none', () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), DATABASE_READ_URL: 'postgresql://replica/chaska' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/DATABASE_READ_URL: a read replica needs its primary PostgreSQL server \(DATABASE_URL\)/);
  });

  it('reads ADMIN_EMAILS as lower-case addresses', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAILS: ' Owner@Chaska.pk, ops@chaska.pk ' });
    expect(config.adminEmails).toEqual(['owner@chaska.pk', 'ops@chaska.pk']);
  });

  it("trusts no proxy unless told: a hop count or the proxies' addresses", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('runs the sandbox payment provider on local addresses only, unless told otherwise', () => {
    for (const address of [
      'http://localhost:3000',
      'http://127.0.0.1:4000',
      'http://127.8.9.10',
      'http://[::1]:3000',
      'http://chaska.localhost',
    ]) {
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: address }).payments.provider).toBe('sandbox');
    }
    for (const address of [
      'https://chaska.pk',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://localhost.chaska.pk',
      'http://128.0.0.1',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: address })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://chaska.pk' })).toThrow(
      'PAYMENT_PROVIDER: sandbox (the default) grants any plan for free, so in production it runs only on a server nobody else reaches (PUBLIC_URL a local address such as localhost, 127.0.0.1, ::1, *.localhost, and HOST a loopback address), not https://chaska.pk on 0.0.0.0.',
    );
    // A local PUBLIC_URL on a server listening on every interface is reachable by everyone.
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:3000', HOST: '0.0.0.0' })).toThrow(
      'not http://localhost:3000 on 0.0.0.0',
    );
    // Development rules come from NODE_ENV alone.
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development', PUBLIC_URL: 'https://dev.chaska.pk' }).payments
        .provider,
    ).toBe('sandbox');
    const test = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://test.chaska.pk',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    });
    expect(test.payments.provider).toBe('sandbox');
    const live = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://chaska.pk',
      PAYMENT_PROVIDER: 'safepay',
      SAFEPAY_API_KEY: 'key',
      SAFEPAY_SECRET_KEY: 'secret',
      PAYMENT_WEBHOOK_SECRET: 'webhook-secret',
    });
    expect(live.payments.provider).toBe('safepay');
  });

  it.each([
    [{ ALLOW_SANDBOX_PAYMENTS: 'sure' }, 'ALLOW_SANDBOX_PAYMENTS: expected true or false'],
    [{ PORT: 'abc' }, 'PORT: expected a port number'],
    [{ PORT: '70000' }, 'PORT: expected a port from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: expected a postgres:// or postgresql:// address'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL: expected an absolute address'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE: expected true or false'],
    [{ ADMIN_EMAILS: 'nobody' }, 'ADMIN_EMAILS'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: expected at least 32 characters'],
    [
      { PUBLIC_LISTING_CACHE_SECONDS: 'soon' },
      'PUBLIC_LISTING_CACHE_SECONDS: expected a number of seconds from 0 to 300',
    ],
    [
      { PUBLIC_LISTING_CACHE_SECONDS: '3600' },
      'PUBLIC_LISTING_CACHE_SECONDS: expected a number of seconds from 0 to 300',
    ],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: true would believe X-Forwarded-For from any client'],
    [{ TRUST_PROXY: '10.0.0.300' }, 'TRUST_PROXY: expected off, a hop count'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: expected off, a hop count'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY: expected a hop count from 1 to 10'],
  ])('stops on %o naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
  });
});
