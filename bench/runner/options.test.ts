import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFullRun, parseBenchOptions, type BenchOptions } from './options';
import { recordCampaignRun, writeResults, type BenchResults } from './report';

const root = '/repo';
const options = (argv: string[]) => parseBenchOptions(argv, root) as BenchOptions;
const FULL = [
  '--only',
  'stamps,listings,dashboard,vendor,campaign',
  '--processes',
  '1,2',
  '--read-url',
  'postgres://r/db',
];

describe('where a bench run writes its results', () => {
  it('writes bench/results.json only for the full run: every group, one and two processes, the replica', () => {
    expect(options(FULL).output).toBe('/repo/bench/results.json');
    expect(isFullRun(options(FULL))).toBe(true);
  });

  it('writes any other run beside it, never over it', () => {
    expect(options([]).output).toBe('/repo/bench/results-partial.json');
    expect(options(FULL.slice(0, 4)).output).toBe('/repo/bench/results-partial.json');
    expect(options(['--only', 'stamps', '--output', 'bench/stamps-today.json']).output).toBe(
      '/repo/bench/stamps-today.json',
    );
  });

  it('refuses a partial run asked to write bench/results.json', () => {
    expect(() => options(['--only', 'campaign', '--output', 'bench/results.json'])).toThrow(
      /keeps the full run .* write this partial run under another name/,
    );
  });

  it('records a full-size campaign run in the full results without touching the rest, and a full run keeps it', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-results-')), 'results.json');
    const full = { date: 'full', scenarios: [{ id: 'stamps' }], campaign: null } as unknown as BenchResults;
    writeFileSync(file, JSON.stringify(full));
    const read = () => JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
    recordCampaignRun(file, {
      date: 'campaign',
      scenarios: [],
      campaign: { recipients: 100_000 },
    } as unknown as BenchResults);
    expect(read()).toEqual({
      ...full,
      campaignRun: { date: 'campaign', scenarios: [], campaign: { recipients: 100_000 } },
    });
    writeResults(file, { ...full, date: 'next full' });
    expect(read()).toMatchObject({ date: 'next full', campaignRun: { date: 'campaign' } });
  });
});
