/**
 * The issue-14 agent scenarios on a running stack: rounds of agentRound (raw puppeteer launched
 * here, CPU read per process) and the in-page tool. Used by main.ts and by agent-main.ts.
 */
import type { Stack } from '@pagemap/test-utils';
import { agentRound, inPageTool, type AgentProcesses } from './agent';
import { descendantsCpuMs, descendantsNamed, processCpuMs, treeCpuMs } from './cpu';
import { launchLimitBrowser } from './limit';
import type { BenchResults } from './results';
import type { Client } from './service';

export interface AgentRunPlan {
  url: string;
  /** The counter page and one of its in-page tools (a button that does not navigate). */
  counter: string;
  tool: string;
  rounds: number;
  n: number;
  thinkMs: number;
  concurrency: number;
  concurrentTotal: number;
}

export async function runAgent(
  stack: Stack,
  c: Client,
  plan: AgentRunPlan,
): Promise<NonNullable<BenchResults['agent']>> {
  const browser = await launchLimitBrowser();
  try {
    const workerPid = stack.workers[0]!.pid;
    const gatewayPid = stack.gateways[0]!.pid;
    const rawChromium = browser.process()!.pid!;
    const bench = () => processCpuMs(process.pid);
    const procs: AgentProcesses = {
      workerUrl: stack.workers[0]!.url,
      raw: {
        'bench (puppeteer client + fixture site)': bench,
        chromium: () => treeCpuMs(rawChromium),
      },
      service: {
        'bench (HTTP client + fixture site)': bench,
        gateway: () => treeCpuMs(gatewayPid),
        'worker (Node, egress proxy included)': () => processCpuMs(workerPid),
        chromium: () => descendantsCpuMs(workerPid),
        redis: () => descendantsNamed('redis-server').reduce((a, p) => a + processCpuMs(p), 0),
      },
    };
    const out: NonNullable<BenchResults['agent']> = {
      thinkMs: plan.thinkMs,
      concurrency: plan.concurrency,
      rounds: [],
    };
    for (let r = 0; r < plan.rounds; r++) out.rounds.push(await agentRound(browser, c, plan, procs));
    out.in_page_tool = await inPageTool(c, plan.counter, plan.tool, plan.n * 2, 100);
    return out;
  } finally {
    await browser.close();
  }
}
