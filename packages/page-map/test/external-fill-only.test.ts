/**
 * A form filled and not sent (`send: false`) takes the fields given: on django-allauth's sign-up
 * page (served by Django from its own templates, external-django.ts), an agent that only types the
 * e-mail address leaves the required username and passwords out. Before, the call answered
 * INVALID_PARAMS ("Missing required parameter") though nothing was to be sent.
 */
import { runTool } from '../src';
import { useDjangoPages } from './external-django';

const { open } = useDjangoPages();

test("send: false fills the fields given on allauth's sign-up, leaving the required ones out, and sends nothing", async () => {
  const p = await open('/en/accounts/signup/');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'sign_up')!.tool;
    expect(tool.params.find((x) => x.name === 'send')?.description).toMatch(/required ones may be left out/);
    const email = tool.params.find((x) => /e-?mail/i.test(`${x.name} ${x.description}`))!.name;
    expect(tool.params.filter((x) => x.required && x.name !== email).length).toBeGreaterThan(0);
    const out = await runTool(
      p.page,
      p.map,
      { tool: 'sign_up', params: { [email]: 'ann@example.org', send: false } },
      { timeoutMs: 8000 },
    );
    expect(out.result).toMatchObject({ success: true, error: null });
    expect(out.navigated).toBe(false);
    expect(new URL(p.page.url()).pathname).toBe('/en/accounts/signup/');
    expect(await p.page.$eval('input[type=email], input[name=email]', (e) => (e as HTMLInputElement).value)).toBe(
      'ann@example.org',
    );
  } finally {
    await p.close();
  }
});
