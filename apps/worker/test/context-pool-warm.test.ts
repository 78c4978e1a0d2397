/**
 * The context pool warms what it makes ahead of time, and only that: a context a take has to make
 * on demand is handed out unwarmed (its job would wait for the warming), and a page whose warming
 * fails is still handed out. Real Chromium contexts through the worker's BrowserHost.
 */
import { findChromium } from '@pagemap/chromium';
import { createLogger } from '@pagemap/runtime';
import { waitFor } from '@pagemap/test-utils';
import type { Page } from 'puppeteer-core';
import { BrowserHost } from '../src/browser/browser-host';
import { ContextPool } from '../src/sessions/context-pool';

const log = createLogger({ name: 'test', level: 'silent' });
let host: BrowserHost;

beforeAll(async () => {
  host = new BrowserHost(findChromium(process.env.CHROMIUM_PATH), [], log);
  await host.start();
});
afterAll(async () => {
  await host?.close();
});

function poolWith(warm: (page: Page) => Promise<void>): ContextPool {
  return new ContextPool(host, async () => {}, { size: 1, room: () => 10, warm }, log);
}

const filled = (pool: ContextPool) => waitFor(() => (pool.size === 1 ? true : undefined), 20_000, 'the pool to fill');

test('a refill warms its page; a context made on demand is not warmed', async () => {
  const warmed = new Set<Page>();
  const pool = poolWith(async (page) => void warmed.add(page));
  try {
    pool.refill();
    await filled(pool);
    const fromPool = await pool.take();
    expect(fromPool.pooled).toBe(true);
    expect(warmed.has(fromPool.page)).toBe(true);
    const onDemand = await pool.take();
    expect(onDemand.pooled).toBe(false);
    expect(warmed.has(onDemand.page)).toBe(false);
    expect(warmed.size).toBe(1);
    await Promise.all([fromPool.context.close(), onDemand.context.close()]);
  } finally {
    await pool.close();
  }
});

test('a page whose warming fails is still handed out, ready', async () => {
  const pool = poolWith(async () => {
    throw new Error('renderer busy');
  });
  try {
    pool.refill();
    await filled(pool);
    const taken = await pool.take();
    expect(taken.pooled).toBe(true);
    expect(await taken.page.evaluate(() => 1 + 1)).toBe(2);
    await taken.context.close();
  } finally {
    await pool.close();
  }
});
