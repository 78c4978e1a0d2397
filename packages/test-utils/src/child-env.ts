/**
 * The environment of a process a test spawns: a clean one (so the developer's own settings do not
 * leak into the service under test), plus PAGEMAP_TEST_RUN when scripts/test.sh set it — every
 * Chromium the process starts inherits that marker, which is how the run's leak check
 * (scripts/chromium-procs.js) tells its own browsers from any other Chromium on the machine.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const marker = process.env.PAGEMAP_TEST_RUN;
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    ...(marker ? { PAGEMAP_TEST_RUN: marker } : {}),
    ...extra,
  };
}
