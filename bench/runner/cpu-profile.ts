import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The parts of V8's .cpuprofile (what `node --cpu-prof` writes) that a summary needs. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    hitCount?: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
}

export interface CpuProfileSummary {
  file: string;
  /** CPU time sampled, idle left out. */
  busyMs: number;
  functions: Array<{ name: string; module: string; ms: number; share: number }>;
  modules: Array<{ module: string; ms: number; share: number }>;
}

/** V8's pseudo-frames: the time spent waiting, in the collector, and in native code outside JavaScript. */
const IDLE = '(idle)';

/** Where a frame comes from: a package, Node itself, or the app's own bundle. */
export function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node (internal)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.includes('chaska-bench/server/')) return 'app (bundle)';
  return path.basename(url);
}

export function summariseCpuProfile(file: string, top = 15): CpuProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(profile.samples.length, 1);
  const byFunction = new Map<string, { name: string; module: string; ms: number }>();
  const byModule = new Map<string, number>();
  let busyMs = 0;
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === IDLE || !node.hitCount) continue;
    const ms = node.hitCount * sampleMs;
    busyMs += ms;
    const module = moduleOf(url, functionName);
    const name = `${functionName || '(anonymous)'}${url ? `:${lineNumber + 1}` : ''}`;
    const key = `${module} ${name}`;
    const entry = byFunction.get(key) ?? { name, module, ms: 0 };
    entry.ms += ms;
    byFunction.set(key, entry);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
  }
  const share = (ms: number) => Math.round((ms / Math.max(busyMs, 1e-9)) * 1000) / 10;
  return {
    file,
    busyMs: Math.round(busyMs),
    functions: [...byFunction.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((entry) => ({ ...entry, ms: Math.round(entry.ms), share: share(entry.ms) })),
    modules: [...byModule.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([module, ms]) => ({ module, ms: Math.round(ms), share: share(ms) })),
  };
}

/** The newest profile in the folder (the app just stopped wrote it), or null. */
export function newestCpuProfile(folder: string): string | null {
  try {
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => path.join(folder, name));
    files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    return files[0] ?? null;
  } catch {
    return null;
  }
}

export function describeCpuProfile(summary: CpuProfileSummary): string {
  return [
    `CPU profile ${summary.file}: ${summary.busyMs.toLocaleString('en-US')} ms busy (idle left out)`,
    '  by module (self time):',
    ...summary.modules.map((item) => `    ${item.share.toFixed(1).padStart(5)}%  ${item.module}`),
    '  by function (self time):',
    ...summary.functions.map((item) => `    ${item.share.toFixed(1).padStart(5)}%  ${item.name}  [${item.module}]`),
  ].join('\n');
}
