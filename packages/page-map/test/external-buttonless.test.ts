/**
 * A <form> with no button is filled, not sent: on the Cypress kitchen sink's actions page the
 * ".type()" demo box sits in a form without any button. Its tool was a submit that reloaded the
 * page (the typed text gone) while answering success; now it types and the page keeps the text.
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

test("the buttonless form's tool fills the box and sends nothing", async () => {
  const p = await openExternal(env(), '/commands/actions.html');
  try {
    const found = p.map.tools.find(
      (t) => /^fill_/.test(t.tool.name) && t.tool.params.some((q) => /email/.test(q.name)),
    );
    expect(found?.tool.description).toMatch(/nothing is sent/);
    const param = found!.tool.params.find((q) => /email/.test(q.name))!;
    const out = await p.run(found!.tool.name, { [param.name]: 'ann@example.com' });
    expect(out.result.success).toBe(true);
    expect(out.navigated).toBe(false);
    expect(await p.page.$eval('.action-email', (e) => (e as HTMLInputElement).value)).toBe('ann@example.com');
  } finally {
    await p.close();
  }
});
