import type { LoadRequest, LoadResult } from '../runner/load-test';
import type { ScenarioGroup } from '../runner/options';

/** A target of the issue, checked against a run's figures; never adjusted to pass. */
export interface Target {
  text: string;
  met(result: LoadResult): boolean;
}

/** One measured run: what to request, how many at once, and what it must achieve. */
export interface Scenario {
  id: string;
  group: ScenarioGroup;
  title: string;
  connections: number;
  requests: LoadRequest[];
  target?: Target;
}

export function p99Below(ms: number, connections: number): Target {
  return {
    text: `p99 < ${ms} ms at ${connections} connections, no errors`,
    met: (result) => result.requests > 0 && result.p99Ms < ms && result.errors === 0,
  };
}
