/** Success rates per source and per kind. Invalid tasks (a check that held before any step) are left out; only the product's failures count. */
import type { BenchResult } from './run';

export interface Score {
  group: string;
  tasks: number;
  solved: number;
  /** Failures the classification puts on the agent: listed, not counted. */
  agentFaults: number;
  /** solved / (tasks − agentFaults). */
  rate: number;
}

export function scoreOf(group: string, results: BenchResult[]): Score {
  const valid = results.filter((r) => r.verdict !== 'invalid');
  const solved = valid.filter((r) => r.verdict === 'solved').length;
  const agentFaults = valid.filter((r) => r.verdict === 'failed' && r.fault === 'agent').length;
  const counted = valid.length - agentFaults;
  return { group, tasks: valid.length, solved, agentFaults, rate: counted === 0 ? 1 : solved / counted };
}

export function scoreBy(results: BenchResult[], key: (r: BenchResult) => string): Score[] {
  const groups = [...new Set(results.map(key))].sort();
  return [
    ...groups.map((g) =>
      scoreOf(
        g,
        results.filter((r) => key(r) === g),
      ),
    ),
    scoreOf('overall', results),
  ];
}
