/** Reading a process's Prometheus /metrics from tests and the bench. */

/** Sum of a Prometheus sample on `{baseUrl}/metrics` (a worker or gateway: anything with a `url`), filtered by labels. */
export async function metric(
  target: { url: string } | string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  // A scrape never waits on Redis: one that does not answer in 15 s is a hang, reported as an error.
  const res = await fetch(`${typeof target === 'string' ? target : target.url}/metrics`, {
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const ls = m[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => ls.includes(`${k}="${v}"`))) sum += Number(m[3]);
  }
  return sum;
}
