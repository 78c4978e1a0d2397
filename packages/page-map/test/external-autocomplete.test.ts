/**
 * A box drawn over a hidden select, on a page written by others (the single-field form example
 * that GOV.UK's accessible-autocomplete npm package ships): the form sends the hidden select, which
 * the widget sets only to one of its options. A value that is not one of them ("Atlantis") stays
 * in the box while the form would send nothing: the tool fails with FIELD_NOT_SET and sends
 * nothing, instead of answering success. An option's name is sent as that option.
 */
import { AUTOCOMPLETE_PKG, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(AUTOCOMPLETE_PKG);
const PAGE = '/examples/form-single.html';

function locationTool(p: Awaited<ReturnType<typeof openExternal>>) {
  const found = p.map.tools.find((t) => t.tool.params.some((q) => /last location/i.test(q.description ?? '')));
  expect(found).toBeDefined();
  const param = found!.tool.params.find((q) => /last location/i.test(q.description ?? ''))!;
  return { tool: found!.tool.name, param: param.name };
}

test('a value the list does not have fails with FIELD_NOT_SET, and the form is not sent', async () => {
  const p = await openExternal(env(), PAGE);
  try {
    const { tool, param } = locationTool(p);
    const out = await p.run(tool, { [param]: 'Atlantis' });
    expect(out.result.success).toBe(false);
    expect(out.result.error?.code).toBe('FIELD_NOT_SET');
    expect(out.result.error?.message).toMatch(/would send nothing/);
    // The box shows it; the select the form sends holds nothing; nothing was submitted.
    const state = await p.page.evaluate(() => ({
      box: (document.getElementById('last-location') as HTMLInputElement).value,
      sent: (document.querySelector('select[name="last-location"]') as HTMLSelectElement).value,
      search: location.search,
    }));
    expect(state).toEqual({ box: 'Atlantis', sent: '', search: '' });
  } finally {
    await p.close();
  }
});

test("an option's name is taken by the widget and the form sends that option", async () => {
  const p = await openExternal(env(), PAGE);
  try {
    const { tool, param } = locationTool(p);
    const sent = p.page.waitForNavigation({ waitUntil: 'load' });
    const out = await p.run(tool, { [param]: 'France' });
    expect(out.result).toMatchObject({ success: true, filled: { [param]: '[as given]' } });
    await sent;
    expect(new URL(p.page.url()).searchParams.get('last-location')).toBe('country:FR');
  } finally {
    await p.close();
  }
});
