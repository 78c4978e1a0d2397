/**
 * Editing by double-click: a text the page turns into a text box on double-click is offered by
 * edit_text, found by its dblclick listener. On the Cypress kitchen sink's actions page
 * ("Double click to edit": its box sits in a form, so the edit is confirmed by leaving the box,
 * not by Enter, which would send the form) and in a small Preact app whose entries live in an
 * open shadow root and are renamed on Enter (test/apps/reading-list.ts).
 */
import { rmSync } from 'node:fs';
import { BOOKS_IN_PAGE, writeReadingList } from './apps/reading-list';
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

describe('Cypress kitchen sink', () => {
  const env = useExternalEnv(KITCHEN_SINK_APP);

  test('"Double click to edit" is edited through its box, and the page keeps the text', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      const tool = p.map.tools.find((t) => t.tool.name === 'edit_text')?.tool;
      expect(tool?.params[0]?.options).toContain('Double click to edit');
      const out = await p.run('edit_text', { target: 'Double click to edit', text: 'Edited' });
      expect(out.result).toMatchObject({ success: true, filled: { text: '[as given]' } });
      expect(out.navigated).toBe(false);
      expect(await p.page.$eval('.action-input-hidden', (e) => (e as HTMLInputElement).value)).toBe('Edited');
    } finally {
      await p.close();
    }
  });

  test('an empty text empties the box (it was refused as not held before)', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      const out = await p.run('edit_text', { target: 'Double click to edit', text: '' });
      expect(out.result).toMatchObject({ success: true });
      expect(await p.page.$eval('.action-input-hidden', (e) => (e as HTMLInputElement).value)).toBe('');
    } finally {
      await p.close();
    }
  });
});

describe('an app in a shadow root', () => {
  const site = writeReadingList();
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const env = useExternalEnv(site);

  test('an entry is renamed by double-click, typing and Enter', async () => {
    const p = await openExternal(env(), '/index.html');
    try {
      const out = await p.run('edit_text', { target: 'The Left Hand of Darkness', text: 'The Dispossessed' });
      expect(out.result.success).toBe(true);
      await p.page.waitForFunction(
        () => !document.querySelector('reading-list')?.shadowRoot?.querySelector('input.rename'),
      );
      expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual(['The Dispossessed', 'Parable of the Sower']);
    } finally {
      await p.close();
    }
  });

  test('a text that is not offered is refused with INVALID_PARAMS', async () => {
    const p = await openExternal(env(), '/index.html');
    try {
      const out = await p.run('edit_text', { target: 'Nothing like this', text: 'x' });
      expect(out.result.error?.code).toBe('INVALID_PARAMS');
      expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual(['The Left Hand of Darkness', 'Parable of the Sower']);
    } finally {
      await p.close();
    }
  });
});

describe('Cypress kitchen sink, opening only', () => {
  const env = useExternalEnv(KITCHEN_SINK_APP);

  test('without text the box is only opened: the text is hidden and its box shown', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      const out = await p.run('edit_text', { target: 'Double click to edit' });
      expect(out.result.success).toBe(true);
      expect(await p.page.$eval('.action-input-hidden', (e) => !e.classList.contains('hidden'))).toBe(true);
      expect(await p.page.$eval('.action-div', (e) => e.classList.contains('hidden'))).toBe(true);
    } finally {
      await p.close();
    }
  });
});
