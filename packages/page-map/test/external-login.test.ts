/**
 * Login recognition on a page written by others (Cypress kitchen sink, actions page): a lone
 * password box shown to demonstrate focusing, with no button and no sign-in word, is no login.
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

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
