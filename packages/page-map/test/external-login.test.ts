/**
 * Login recognition on a page written by others (Cypress kitchen sink, actions page): a lone
 * password box shown to demonstrate focusing, with no button and no sign-in word, is no login; nor is
 * the W3C DOM suite's read-only password box.
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv, W3C_DOM_HTML_FILES } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

test('a lone password box with no button and no sign-in words is not offered as a login', async () => {
  const p = await openExternal(env(), '/commands/actions.html');
  try {
    const names = p.map.tools.map((t) => t.tool.name);
    expect(names).not.toContain('login');
    expect(p.map.tools.filter((t) => t.binding.kind === 'form' && t.binding.purpose === 'login')).toEqual([]);
  } finally {
    await p.close();
  }
});

const w3c = useExternalEnv(W3C_DOM_HTML_FILES);

test('a read-only password box (the W3C DOM suite input page) is not offered as a login', async () => {
  const p = await openExternal(w3c(), '/input.html');
  try {
    expect(p.map.tools.filter((t) => t.binding.kind === 'form' && t.binding.purpose === 'login')).toEqual([]);
    expect(p.map.tools.map((t) => t.tool.name)).not.toContain('login');
  } finally {
    await p.close();
  }
});
