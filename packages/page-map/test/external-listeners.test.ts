/**
 * Elements that act on a click found by their event listeners (the browser's debugger), not by
 * markup: on the Cypress kitchen sink's utilities page the list items get jQuery click handlers
 * and nothing else (no role, no pointer cursor, no onclick); clicking "Sweaters" must select it.
 * On its spies/clocks page a plain div shows the time when clicked.
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

test('a list item with a click listener of its own is a click target, and clicking it acts', async () => {
  const p = await openExternal(env(), '/utilities.html');
  try {
    const click = p.map.tools.find((t) => t.tool.name === 'click')!.tool;
    const option = click.params[0]!.options!.find((o) => /Sweaters/.test(o));
    expect(option).toBeDefined();
    const out = await p.run('click', { target: option! });
    expect(out.result.success).toBe(true);
    const active = await p.page.$$eval('.utility-jquery li.active', (els) => els.map((e) => e.textContent?.trim()));
    expect(active).toEqual([expect.stringMatching(/Sweaters$/)]);
  } finally {
    await p.close();
  }
});

test('a div that shows the time on click is offered, and clicking it changes it', async () => {
  const p = await openExternal(env(), '/commands/spies-stubs-clocks.html');
  try {
    const before = await p.page.$eval('#clock-div', (e) => e.textContent?.trim());
    const click = p.map.tools.find((t) => t.tool.name === 'click')!.tool;
    // The page has two such divs, one per section: each is named by its section's heading
    // ("Click for current time! (cy.clock())"); before, the second was "… (2)".
    const options = click.params[0]!.options!.filter((o) => o.startsWith(`${before} (`));
    expect(options).toEqual([`${before} (cy.clock())`, `${before} (cy.tick())`]);
    const option = options[0];
    const out = await p.run('click', { target: option! });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction((t) => document.getElementById('clock-div')?.textContent?.trim() !== t, {}, before);
  } finally {
    await p.close();
  }
});

test('a button in every cell of a table is one tool, the cell chosen by its text', async () => {
  const p = await openExternal(env(), '/commands/aliasing.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'change_item')?.tool;
    expect(tool?.params[0]?.options).toEqual(['Row 1: Cell 1', 'Row 1: Cell 2', 'Row 2: Cell 1', 'Row 2: Cell 2']);
    const out = await p.run('change_item', { item: 'Row 1: Cell 2' });
    expect(out.result.success).toBe(true);
    const changed = await p.page.$$eval('.as-table td', (tds) =>
      tds.filter((td) => td.querySelector('.btn-success')).map((td) => td.textContent?.replace(/\s+/g, ' ').trim()),
    );
    expect(changed).toEqual(['Row 1: Cell 2 Changed']);
  } finally {
    await p.close();
  }
});

test("equal buttons in table cells are told apart by their cell's words in the click options", async () => {
  const p = await openExternal(env(), '/commands/aliasing.html');
  try {
    const options = p.map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    expect(options).toEqual(
      expect.arrayContaining([
        'Change (Row 1: Cell 1)',
        'Change (Row 1: Cell 2)',
        'Change (Row 2: Cell 1)',
        'Change (Row 2: Cell 2)',
      ]),
    );
    const out = await p.run('click', { target: 'Change (Row 2: Cell 1)' });
    expect(out.result.success).toBe(true);
    const changed = await p.page.$$eval('.as-table td', (tds) =>
      tds.filter((td) => td.querySelector('.btn-success')).map((td) => td.textContent?.replace(/\s+/g, ' ').trim()),
    );
    expect(changed).toEqual(['Row 2: Cell 1 Changed']);
  } finally {
    await p.close();
  }
});
