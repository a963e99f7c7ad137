import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium, type Browser } from 'playwright-core';

/**
 * The phone every bench:web run emulates, as a Lighthouse CPU benchmark index. Lighthouse's default
 * 4x slowdown was meant to turn its reference desktop (index 1,500–2,000) into a mid-tier phone,
 * about 400–500; the same 4x on the hosts that scored 80/80/84 (index 1,500–2,500) emulated 375–625,
 * and on the host that scored 98/95/97 (index about 3,600) a faster phone of about 900. Customers
 * here mostly hold low-end Android phones, Lighthouse's "Moto G4" class (125–800), so the target is
 * the slow case's middle, 500, and every host is slowed down to it.
 */
export const TARGET_BENCHMARK_INDEX = 500;

/**
 * Bounds of the multiplier: a host slower than the target phone is not sped up (x1, and the run
 * says so: it emulates a slower phone); one more than 12 times faster is capped, as Lighthouse's own
 * throttling guide stops there for a desktop emulating a low-end phone.
 */
export const CPU_SLOWDOWN_BOUNDS = { min: 1, max: 12 } as const;

/** Measurements per calibration; the median is kept, as a shared machine's load comes and goes. */
const MEASUREMENTS = 3;

export interface CpuCalibration {
  /** The host's Lighthouse benchmark index, measured just before the page's runs. */
  hostBenchmarkIndex: number;
  cpuSlowdownMultiplier: number;
  /** What the runs emulate: the host's index divided by the multiplier (the target unless bounded). */
  emulatedBenchmarkIndex: number;
}

/** hostIndex / target, bounded and rounded to a tenth. */
export function cpuSlowdownFor(hostBenchmarkIndex: number, target = TARGET_BENCHMARK_INDEX): CpuCalibration {
  const wanted = hostBenchmarkIndex / target;
  const bounded = Math.min(CPU_SLOWDOWN_BOUNDS.max, Math.max(CPU_SLOWDOWN_BOUNDS.min, wanted));
  const cpuSlowdownMultiplier = Math.round(bounded * 10) / 10;
  return {
    hostBenchmarkIndex: Math.round(hostBenchmarkIndex),
    cpuSlowdownMultiplier,
    emulatedBenchmarkIndex: Math.round(hostBenchmarkIndex / cpuSlowdownMultiplier),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Measures the host with Lighthouse's own benchmark (the function behind `environment.benchmarkIndex`)
 * in a page of the same Chromium build, outside any Lighthouse run, so that the run that follows
 * can be given the right slowdown before it starts.
 */
export class CpuCalibrator {
  private constructor(private readonly browser: Browser) {}

  static async launch(executablePath: string, args: string[]): Promise<CpuCalibrator> {
    return new CpuCalibrator(await chromium.launch({ executablePath, args }));
  }

  async measure(): Promise<CpuCalibration> {
    const page = await this.browser.newPage();
    try {
      const indexes: number[] = [];
      for (let measurement = 0; measurement < MEASUREMENTS; measurement += 1) {
        indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
      }
      return cpuSlowdownFor(median(indexes));
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
