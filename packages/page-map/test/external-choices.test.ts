/**
 * Boxes and radios outside any form, on a page written by others (Cypress kitchen sink, actions
 * page): their tool sets them and presses no button that is not theirs. The page's buttons
 * elsewhere ("Click to toggle popover", "I'm being covered", "I'm Here") used to be joined to
 * them, name their tool and be pressed by it.
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

test('the radios and boxes are set, and no button of the page is pressed', async () => {
  const p = await openExternal(env(), '/commands/actions.html');
  try {
    await p.page.evaluate(() => {
      const w = window as unknown as { pressed: string[] };
      w.pressed = [];
      document.addEventListener('click', (e) => {
        const b = (e.target as Element).closest('button');
        if (b) w.pressed.push(b.textContent ?? '');
      });
    });
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'options_radios'))!.tool;
    expect(tool.params.map((q) => q.name)).not.toContain('action');
    expect(tool.description).not.toMatch(/I'm Here|popover|covered/);
    // Not named by the heading of another section (".type()") that the wide container began with.
    expect(tool.description).not.toContain('.type()');
    const radio = tool.params.find((q) => q.name === 'options_radios')!;
    const box = tool.params.find((q) => /three_has_value/.test(q.name))!;
    const out = await p.run(tool.name, { [radio.name]: radio.options![1]!, [box.name]: true });
    expect(out.result).toMatchObject({ success: true, filled: { [radio.name]: radio.options![1], [box.name]: true } });
    expect(await p.page.$eval('#optionsRadios2', (e) => (e as HTMLInputElement).checked)).toBe(true);
    expect(
      await p.page.$eval('.action-checkboxes input[value=checkbox3]', (e) => (e as HTMLInputElement).checked),
    ).toBe(true);
    expect(await p.page.evaluate(() => (window as unknown as { pressed: string[] }).pressed)).toEqual([]);
  } finally {
    await p.close();
  }
});
