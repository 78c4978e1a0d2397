/**
 * No silent wrong fills, on a page written by others (Cypress kitchen sink, actions page): every
 * field of a group keeps its own identity, what a field holds is read back after filling, a field
 * whose widget refused the value fails the tool (FIELD_NOT_SET) instead of answering success, and
 * a success says what each field holds. The forms here have no button: their tools fill them and
 * send nothing.
 */
import { KITCHEN_SINK_APP, type OpenedPage, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

describe('Cypress kitchen sink: two selects with nothing to tell them apart', () => {
  test('each value lands in its own select, and the result says what each holds', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      // The form has no button: its tool fills it and sends nothing (a submit would be recorded).
      await p.page.evaluate(() => {
        document.addEventListener('submit', () => {
          (window as unknown as { submitted: boolean }).submitted = true;
        });
      });
      const select = p.map.tools.find((t) => t.tool.params.some((q) => q.options?.includes('bananas')))!.tool;
      const [single, multiple] = select.params.map((q) => q.name);
      const out = await p.run(select.name, { [single!]: 'apples', [multiple!]: ['oranges', 'bananas'] });
      expect(out.result).toMatchObject({
        success: true,
        filled: { [single!]: 'apples', [multiple!]: ['oranges', 'bananas'] },
      });
      const held = await p.page.evaluate(() =>
        Array.from(document.querySelectorAll('.action-select, .action-select-multiple')).map((s) =>
          Array.from((s as HTMLSelectElement).selectedOptions).map((o) => o.value),
        ),
      );
      expect(held).toEqual([['fr-apples'], ['fr-oranges', 'fr-bananas']]);
      expect(await p.page.evaluate(() => (window as unknown as { submitted?: boolean }).submitted)).toBeUndefined();
    } finally {
      await p.close();
    }
  });
});

describe('Cypress kitchen sink: a range input, which holds only 0 to 100', () => {
  /** The tool that takes the range (tool names are the namer's business, not this test's). */
  const rangeTool = (p: OpenedPage) =>
    p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'range_input'))!.tool.name;

  test('a value the range clamps fails with FIELD_NOT_SET, and its form is not sent', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      const out = await p.run(rangeTool(p), { range_input: 250 });
      expect(out.result.success).toBe(false);
      expect(out.result.error?.code).toBe('FIELD_NOT_SET');
      expect(out.result.error?.message).toContain('"range_input" holds "100"');
      // The form sends by GET to the page itself: sent, the address would carry range-input.
      expect(new URL(p.page.url()).searchParams.has('range-input')).toBe(false);
    } finally {
      await p.close();
    }
  });

  test('a value it holds is reported as held and stays in the page (the buttonless form is not sent)', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      const out = await p.run(rangeTool(p), { range_input: 25 });
      // Typed text never comes back verbatim: the field holds it as given.
      expect(out.result).toMatchObject({ success: true, error: null, filled: { range_input: '[as given]' } });
      expect(await p.page.$eval('.trigger-input-range', (e) => (e as HTMLInputElement).value)).toBe('25');
      expect(new URL(p.page.url()).searchParams.has('range-input')).toBe(false);
      expect(out.navigated).toBe(false);
    } finally {
      await p.close();
    }
  });
});
