/**
 * Conditionally revealed fields, on pages written by others (GOV.UK Frontend's radios examples
 * "with conditional items" and "with conditional item checked"): the field a radio reveals
 * ("Email" → "Email address") is a param of the form's tool though hidden until the radio is
 * chosen, described by the choice that shows it rather than by the question's words, and the
 * form sends it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolParam } from '../src/bindings';
import { openExternal, useExternalEnv } from './external-env';
import { renderGovukExamples } from './external-govuk';

const site = mkdtempSync(join(tmpdir(), 'pagemap-govuk-'));
let hiddenPage = '';
let shownPage = '';
beforeAll(() => {
  [hiddenPage, shownPage] = renderGovukExamples(site, 'radios', [
    'with conditional items',
    'with conditional item checked',
  ]) as [string, string];
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

const byDescription = (params: ToolParam[], re: RegExp) => params.filter((q) => re.test(q.description));

test('a field hidden under a radio is a param that says which choice shows it, and is sent', async () => {
  const p = await openExternal(env(), hiddenPage);
  try {
    expect(await p.page.$eval('#context-email', (e) => (e as HTMLElement).offsetParent === null)).toBe(true);
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.options?.includes('Email')))!.tool;
    const [email] = byDescription(tool.params, /^Email address/);
    expect(email?.description).toContain('shown when "Email" is chosen');
    const question = tool.params.find((q) => q.options?.includes('Email'))!;
    const sent = p.page.waitForNavigation({ waitUntil: 'load' });
    const out = await p.run(tool.name, { [question.name]: 'Email', [email!.name]: 'ann@example.com' });
    expect(out.result.success).toBe(true);
    await sent;
    const q = new URL(p.page.url()).searchParams;
    expect([q.get('how-contacted'), q.get('context-email')]).toEqual(['email', 'ann@example.com']);
  } finally {
    await p.close();
  }
});

test("a revealed field is told from the question: its description does not repeat the question's words", async () => {
  const p = await openExternal(env(), shownPage);
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.options?.includes('Phone')))!.tool;
    const asking = byDescription(tool.params, /How do you want to be contacted\?/);
    expect(asking.map((q) => q.name)).toEqual([tool.params.find((q) => q.options?.includes('Phone'))!.name]);
  } finally {
    await p.close();
  }
});
