import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  platform: string;
  node: string;
  postgres: string;
  pgbench: string;
  autocannon: string;
  /** 1, 5 and 15-minute load averages when the bench started: other work on the machine skews every figure. */
  loadAverageAtStart: number[];
}

function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string };
  return manifest.version;
}

export function describeMachine(versions: { postgres: string; pgbench: string }): MachineInfo {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.type()} ${os.arch()}`,
    node: process.version,
    postgres: versions.postgres,
    pgbench: versions.pgbench,
    autocannon: packageVersion('autocannon'),
    loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}
