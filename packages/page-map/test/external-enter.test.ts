/**
 * A field that acts on Enter, on a page written by others (the examples page that GOV.UK's
 * accessible-autocomplete npm package ships): its combobox stands alone with no button, so its tool
 * offers `press_enter`, says the field acts on Enter instead of "nothing is sent", and when asked
 * presses Enter in it as a trusted key once the field holds what was typed.
 */
import { AUTOCOMPLETE_PKG, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(AUTOCOMPLETE_PKG);

test('the lone combobox is typed into, then Enter is pressed in it holding that text', async () => {
  const p = await openExternal(env(), '/examples/index.html');
  try {
    await p.page.evaluate(() => {
      const w = window as unknown as { enters: string[] };
      w.enters = [];
      document.getElementById('autocomplete-default')!.addEventListener('keydown', (e) => {
        const field = e.target as HTMLInputElement;
        if (e.key === 'Enter') w.enters.push(`${e.isTrusted}:${field.value}`);
      });
    });
    const found = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'press_enter'));
    expect(found).toBeDefined();
    const tool = found!.tool;
    expect(tool.description).toMatch(/acts on Enter/);
    expect(tool.description).not.toMatch(/nothing is sent/);
    const field = tool.params.find((q) => q.name !== 'press_enter')!;
    const out = await p.run(tool.name, { [field.name]: 'Fran', press_enter: true });
    expect(out.result).toMatchObject({ success: true, filled: { [field.name]: '[as given]' } });
    expect(await p.page.evaluate(() => (window as unknown as { enters: string[] }).enters)).toEqual(['true:Fran']);
  } finally {
    await p.close();
  }
});

test('without press_enter the field is only typed into', async () => {
  const p = await openExternal(env(), '/examples/index.html');
  try {
    await p.page.evaluate(() => {
      const w = window as unknown as { enters: number };
      w.enters = 0;
      document.getElementById('autocomplete-default')!.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') w.enters += 1;
      });
    });
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'press_enter'))!.tool;
    const field = tool.params.find((q) => q.name !== 'press_enter')!;
    const out = await p.run(tool.name, { [field.name]: 'Fran' });
    expect(out.result.success).toBe(true);
    expect(await p.page.$eval('#autocomplete-default', (e) => (e as HTMLInputElement).value)).toBe('Fran');
    expect(await p.page.evaluate(() => (window as unknown as { enters: number }).enters)).toBe(0);
  } finally {
    await p.close();
  }
});
