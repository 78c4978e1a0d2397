/**
 * Fields and forms told apart by what they are, on a page written by others (Cypress kitchen sink,
 * actions page): a single select whose first option is a prompt ("--Select a fruit--") is described
 * and named by that prompt, which is no longer offered as a choice, so it is not confused with the
 * multiple select beside it (both used to be "select" with the same options); and a form with no
 * button, holding only a slider, is named for what it sets, not for the section heading beside it
 * (".trigger()").
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

test('the prompt describes its select and is no option; the two fruit lists are told apart', async () => {
  const p = await openExternal(env(), '/commands/actions.html');
  try {
    const fruit = p.map.tools.flatMap((t) => t.tool.params).filter((q) => q.options?.includes('apples'));
    expect(fruit).toHaveLength(2);
    const single = fruit.find((q) => /Select a fruit/.test(q.description));
    expect(single?.name).toBe('select_a_fruit');
    expect(single!.options).toEqual(['apples', 'oranges', 'bananas']);
    const other = fruit.find((q) => q !== single)!;
    expect(other.description).not.toBe(single!.description);
  } finally {
    await p.close();
  }
});

test('the form that holds only the range slider is named for it, not for the heading beside it', async () => {
  const p = await openExternal(env(), '/commands/actions.html');
  try {
    const found = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'range_input'));
    expect(found?.tool.name).toBe('set_range_input');
  } finally {
    await p.close();
  }
});

test('a form with no button is filled and not sent: the page keeps what was typed', async () => {
  const p = await openExternal(env(), '/commands/actions.html');
  try {
    const found = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'range_input'))!;
    expect(found.tool.description).toMatch(/nothing is sent/);
    const out = await p.run(found.tool.name, { range_input: 25 });
    expect(out.result.success).toBe(true);
    expect(out.navigated).toBe(false);
    expect(await p.page.$eval('.trigger-input-range', (e) => (e as HTMLInputElement).value)).toBe('25');
  } finally {
    await p.close();
  }
});
