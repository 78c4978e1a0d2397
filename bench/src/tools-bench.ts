#!/usr/bin/env node
/**
 * In-page tool latency through the whole stack (HTTP → gateway → BullMQ → worker), one request at
 * a time so that settling, not queueing, is what is measured: a login on the fixture login page,
 * the 5-button batch on the counter page, one click and one in-page form submit. Repeats each
 * scenario ROUNDS times and prints the p50 of each round and their median (the machine is shared
 * and noisy). Run: `pnpm --filter @pagemap/bench bench:tools` after a build (BENCH_N, BENCH_ROUNDS).
 */
import { api, startFixtureServer, startStack, FIXTURE_USERS } from '@pagemap/test-utils';
import { timeIt } from './stats';
import * as svc from './service';

const N = Number(process.env.BENCH_N ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const site = await startFixtureServer();
  const stack = await startStack({ workers: 1, gateways: 1, workerEnv: { PAGEMAP_MAX_SESSIONS: '40' } });
  try {
    const { apiKey } = await stack.tenant({ plan: 'scale' });
    const c = { base: stack.url, key: apiKey };
    const opened: string[] = [];
    const openOn = async (url: string) => {
      const id = await svc.open(c, url);
      opened.push(id);
      return id;
    };
    const call = async (body: unknown, check: (b: any) => boolean) => {
      const r = await api(c.base, 'POST', '/v1/browse', { key: apiKey, body });
      if (r.status !== 200 || !check(r.body))
        throw new Error(`unexpected answer: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    };
    const allOk = (b: any) => (b.results as Array<{ success: boolean }>).every((x) => x.success);
    const scenarios: Record<string, () => Promise<() => Promise<void>>> = {
      login_tool: async () => {
        const ids: string[] = [];
        for (let i = 0; i < N; i++) ids.push(await openOn(site.url('/login.html')));
        let i = 0;
        return () =>
          call(
            { session_id: ids[i++], tool: 'login', params: { username: 'alice', password: FIXTURE_USERS.alice } },
            allOk,
          );
      },
      batch_5: async () => {
        const id = await openOn(site.url('/bench-counter.html'));
        const tools = ['increment', 'decrement', 'double', 'add_ten', 'reset'].map((tool) => ({ tool }));
        return () => call({ session_id: id, tools }, allOk);
      },
      one_click: async () => {
        const id = await openOn(site.url('/bench-counter.html'));
        return () => call({ session_id: id, tool: 'increment' }, allOk);
      },
      one_form_in_page: async () => {
        const r = await api(c.base, 'POST', '/v1/browse', { key: apiKey, body: { url: site.url('/y-inpage.html') } });
        opened.push(r.body.session_id);
        const tool = (r.body.tools as Array<{ name: string; params: Array<{ name: string }> }>).find((t) =>
          t.params.some((p) => p.name === 'note'),
        )!.name;
        return () => call({ session_id: r.body.session_id, tool, params: { note: 'hello' } }, allOk);
      },
    };
    const out: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, setup] of Object.entries(scenarios)) {
        const op = await setup();
        const s = await timeIt(N, op);
        (out[name] ??= []).push(Math.round(s.p50 * 10) / 10);
        await Promise.all(opened.splice(0).map((id) => svc.close(c, id).catch(() => undefined)));
      }
    }
    for (const [name, p50s] of Object.entries(out))
      process.stdout.write(`${name.padEnd(18)} p50 per round ${p50s.join(' / ')} ms; median ${median(p50s)} ms\n`);
  } finally {
    await stack.stop();
    await site.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
