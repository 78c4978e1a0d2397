/**
 * What a form is called when its button says nothing of its purpose ("Continue", "Submit", "OK",
 * "Weiter", "次へ"). Before, every such form that had no heading was `submit_form`, and a question
 * page's form too when a hidden token or an `<input type=submit>` stood beside its fieldset: an
 * agent read an anonymous submit. Now its question (the fieldset's legend) names it, else a
 * button that only moves on (in any language of login/words/continue.ts) makes it `continue`,
 * else a form of one field is named for what it sends ("submit_email_address").
 */
import { clipName } from '../src/tools/naming';
import { acceptPosts, mapOf, names, openPage, servePage, tool, useEnv } from './helpers';
import { extractPageMap, runTool } from '../src';

const env = useEnv();

/** A page holding only `body` (no heading before the form, as on a bare question page). */
const page = (path: string, body: string) =>
  servePage(env(), path, `<!doctype html><meta charset="utf-8"><title>Question</title><main>${body}</main>`);

const RADIOS = `<div><input type="radio" id="c1" name="colour" value="red"><label for="c1">Red</label></div>
  <div><input type="radio" id="c2" name="colour" value="green"><label for="c2">Green</label></div>`;

test('a question page is named for its legend, a hidden token and an input button beside the fieldset notwithstanding', async () => {
  page(
    '/fnames/legend',
    `<form method="post" action="/fnames/answer"><input type="hidden" name="csrf" value="t0k3n">
    <fieldset><legend>Which colour do you like?</legend>${RADIOS}</fieldset>
    <input type="submit" value="Continue"></form>`,
  );
  const map = await mapOf(env(), '/fnames/legend');
  expect(names(map)).toContain('which_colour_do_you_like');
  expect(names(map)).not.toContain('submit_form');
  expect(tool(map, 'which_colour_do_you_like')?.description).toContain('Which colour do you like?');
});

test('a form whose only button moves on, with nothing else naming it, is `continue`, and runs as one', async () => {
  page(
    '/fnames/continue',
    `<form method="post" action="/fnames/answer"><div class="form-group">${RADIOS}</div>
    <button type="submit">Continue</button></form>`,
  );
  const posts = acceptPosts(env(), '/fnames/answer', 'Answered');
  const p = await openPage(env(), '/fnames/continue');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    expect(names(map)).toContain('continue');
    expect(names(map)).not.toContain('submit_form');
    const out = await runTool(p.page, map, { tool: 'continue', params: { colour: 'Green' } }, { timeoutMs: 8000 });
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(posts).toEqual(['colour=green']);
  } finally {
    await p.close();
  }
});

test.each([
  ['Weiter', 'de'],
  ['Next →', 'en'],
  ['次へ', 'ja'],
  ['Далее', 'ru'],
  ['Suivant', 'fr'],
])('"%s" (%s) moves on: `continue`, unless the form has a heading', async (label, lang) => {
  const path = `/fnames/next-${lang}`;
  const form = (heading: string) =>
    `${heading}<form method="get" action="/fnames/next"><label for="n">Name</label><input id="n" name="n">
    <button type="submit">${label}</button></form>`;
  page(path, form(''));
  expect(names(await mapOf(env(), path))).toContain('continue');
  page(`${path}-h`, form('<h2>Delivery address</h2>'));
  const named = names(await mapOf(env(), `${path}-h`));
  expect(named).toContain('delivery_address');
  expect(named).not.toContain('continue');
});

test('a form of one field whose button says nothing is named for what it sends; two fields keep submit_form', async () => {
  page(
    '/fnames/one',
    `<form method="get" action="/fnames/a"><label for="e">Email address</label><input id="e" name="e" type="email">
    <button type="submit">Submit</button></form>
    <form method="get" action="/fnames/b"><label for="t">Notes</label><textarea id="t" name="t"></textarea>
    <button type="submit">Save</button></form>
    <form method="get" action="/fnames/c"><label for="q">What is the name of the event you attended last year?</label>
    <input id="q" name="event"><button type="submit">OK</button></form>
    <form method="get" action="/fnames/d"><label for="x">First name</label><input id="x" name="x">
    <label for="y">Last name</label><input id="y" name="y"><button type="submit">Submit</button></form>`,
  );
  const named = names(await mapOf(env(), '/fnames/one'));
  expect(named).toEqual(
    expect.arrayContaining(['submit_email_address', 'save_notes', 'submit_what_is_the_name', 'submit_form']),
  );
  for (const n of named) expect(n.length).toBeLessThanOrEqual(30);
});

test('names are clipped between words, never after an article or a preposition', () => {
  expect(clipName('Which part of the Housing Act was your licence issued under?')).toBe(
    'which_part_of_the_housing_act',
  );
  expect(clipName('Have you changed your name or surname lately?')).toBe('have_you_changed_your_name');
  expect(clipName('Delivery address')).toBe('delivery_address');
  expect(clipName('Supercalifragilisticexpialidociousness')).toBe('supercalifragilisticexpialidoc');
  expect(clipName('Which colour do you like?', 12)).toBe('which_colour');
});
