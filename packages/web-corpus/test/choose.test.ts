/** The scripted agent's choices: what it picks from a page map, and what it refuses to guess. */
import type { Tool } from '@pagemap/contracts';
import { chooseClick, chooseDialogAnswer, chooseDismiss, chooseFill, chooseLogin, chooseSearch } from '../src/choose';
import { unmet } from '../src/expect';
import { similarity } from '../src/text-match';

const tool = (name: string, description: string, params: Tool['params'] = []): Tool => ({ name, description, params });
const followLink = tool('follow_link', "Follow one of this page's links, by its text.", [
  { name: 'link', description: 'Text of the link', required: true, options: ['Pricing', 'Next ›', 'Docs'] },
]);
const navigate = tool('navigate', 'Open another URL.', [{ name: 'url', description: 'Absolute URL', required: true }]);

test('text similarity: equal, contained, overlapping, unrelated', () => {
  expect(similarity('Privacy & security', 'privacy_security')).toBe(1);
  expect(similarity('Next page', 'Next ›')).toBeCloseTo(0.65);
  expect(similarity('Shipping full name', 'name')).toBeLessThan(
    similarity('Shipping full name', 'Shipping address: Full name'),
  );
  expect(similarity('Billing', 'Open the Billing tab')).toBe(0.9);
  expect(similarity('Download invoice', 'Download last invoice')).toBeGreaterThan(0.5);
  expect(similarity('Curium', 'Check answer')).toBe(0);
});

test('a two-character word in Chinese or Japanese is a whole word: found in a description as any word is', () => {
  expect(similarity('注销', 'Submit the "注销" form (button "注销").')).toBe(0.9);
  expect(similarity('次へ', 'Click the "次へ" button.')).toBe(0.9);
  // Two Latin letters are not a word of their own ("to", "is"): no containment match for them.
  expect(similarity('go', 'Click the "go" button.')).toBeLessThan(0.5);
});

test('click: a button tool by name, an option of a click/link tool, nothing below the threshold', () => {
  const tools = [tool('archive', 'Click the "Archive" button.'), followLink, navigate];
  expect(chooseClick(tools, 'Archive')).toMatchObject({ tool: 'archive', params: {} });
  expect(chooseClick(tools, 'Next page')).toMatchObject({ tool: 'follow_link', params: { link: 'Next ›' } });
  expect(chooseClick(tools, 'Curium')).toBeUndefined();
});

test('click in a named place: among equal options, the tool whose description names the place', () => {
  const removeIn = (name: string, list: string) =>
    tool(name, `Press "Remove" in one row of the list "${list}", the row chosen by its text.`, [
      { name: 'item', description: 'The row', required: true, options: ['Amsterdam', 'Sydney'] },
    ]);
  const tools = [removeIn('remove_item', 'Markup'), removeIn('remove_item_2', 'True multi value')];
  expect(chooseClick(tools, 'Sydney')).toMatchObject({ tool: 'remove_item', params: { item: 'Sydney' } });
  expect(chooseClick(tools, 'Sydney', 'True multi value')).toMatchObject({ tool: 'remove_item_2' });
  // The place decides between equals only: a better match elsewhere still wins.
  expect(chooseClick(tools, 'Amsterdam', 'Nowhere')).toMatchObject({
    tool: 'remove_item',
    params: { item: 'Amsterdam' },
  });
});

test('fill: values go to params by label or option; the submit text picks a submit option', () => {
  const form = tool('edit_profile', 'Submit the "Edit profile" form', [
    { name: 'display_name', description: 'Display name' },
    { name: 'ship_opt', description: 'ship opt', options: ['Standard delivery – free', 'Next-day delivery – $9.99'] },
    { name: 'action', description: 'Which button submits the form', options: ['Cancel', 'Save changes'] },
  ]);
  const plan = chooseFill(
    [followLink, form, navigate],
    { 'Display name': 'hiker_jo', 'Delivery option': 'next-day delivery' },
    undefined,
    'Save changes',
  );
  expect(plan).toMatchObject({
    tool: 'edit_profile',
    ambiguous: [],
    params: { display_name: 'hiker_jo', ship_opt: 'Next-day delivery – $9.99', action: 'Save changes' },
  });
});

test('fill: the submit text picks the option whose button the description says shows it', () => {
  const dialog = tool('apply_credentials', 'Submit the "api_key" form with value.', [
    { name: 'value', description: 'Value', type: 'string' },
    {
      name: 'action',
      description:
        'Which button submits the form: one of the options ("Apply credentials" (shows "Authorize"), "Close").',
      type: 'enum',
      required: true,
      options: ['Apply credentials', 'Close'],
    },
  ]);
  const plan = chooseFill([dialog], { Value: 'special-key' }, undefined, 'Authorize');
  expect(plan?.params).toEqual({ value: 'special-key', action: 'Apply credentials' });
  expect(chooseFill([dialog], { Value: 'special-key' }, undefined, 'Close')?.params.action).toBe('Close');
});

test('fill: two params that fit a label equally are reported, not guessed', () => {
  const form = tool('continue', 'Submit the form', [
    { name: 'name', description: 'Full name' },
    { name: 'name_2', description: 'Full name' },
  ]);
  expect(chooseFill([form], { 'Shipping full name': 'Ann Lee' })?.ambiguous).toEqual([
    '"Shipping full name" (name = name_2)',
  ]);
  const told = tool('continue', 'Submit the form', [
    { name: 'name', description: 'Billing address: Full name' },
    { name: 'name_2', description: 'Shipping address: Full name' },
  ]);
  expect(chooseFill([told], { 'Shipping full name': 'Ann Lee' })).toMatchObject({
    ambiguous: [],
    params: { name_2: 'Ann Lee' },
  });
});

test('fill: a value that is an option of several lists goes to the list its label names', () => {
  const rows = tool('choose_type', 'Fill the form', [
    { name: 'type', description: 'type (in "row 1"; one of the options)', options: ['cat', 'dog'] },
    { name: 'type_2', description: 'type (in "row 2"; one of the options)', options: ['cat', 'dog'] },
  ]);
  expect(chooseFill([rows], { 'type in row 2': 'cat' })).toMatchObject({ ambiguous: [], params: { type_2: 'cat' } });
  // A label that names neither list still cannot tell them apart: the value fits both.
  expect(chooseFill([rows], { animal: 'cat' })?.ambiguous).toEqual(['"animal" (type = type_2)']);
});

test('search, login, overlay and dialog choices', () => {
  const search = tool('search', 'Search on this page.', [
    { name: 'query', description: 'Search terms', required: true },
  ]);
  expect(chooseSearch([followLink, search], 'kayak')).toMatchObject({ tool: 'search', params: { query: 'kayak' } });
  const login = tool('login', 'Sign in', [
    { name: 'email', description: 'Email' },
    { name: 'password', description: 'Password', type: 'password' },
  ]);
  expect(chooseLogin([login], 'u@example.com', 'pw')).toMatchObject({
    params: { email: 'u@example.com', password: 'pw' },
  });
  expect(chooseLogin([search], 'u', 'p')).toBeUndefined();
  const consent = tool('cookie_consent', 'Answer the cookie banner', [
    { name: 'choice', description: 'Button', required: true, options: ['Accept All Cookies', 'Reject All'] },
  ]);
  expect(chooseDismiss([consent], 'Reject All')).toMatchObject({ params: { choice: 'Reject All' } });
  const dialog = tool('answer_dialog', 'Answer the open confirm() dialog', [
    { name: 'answer', description: 'Button', options: ['accept', 'dismiss'] },
    { name: 'text', description: 'Text for a prompt' },
  ]);
  expect(chooseDialogAnswer([dialog], true, 'Groceries')).toMatchObject({
    params: { answer: 'accept', text: 'Groceries' },
  });
  expect(chooseDialogAnswer([search], true)).toBeUndefined();
});

test('expectations: case and spacing aside, extra fields fine, lists as sets, missing fields fail', () => {
  const ev = {
    kind: 'submitted',
    detail: { topics: ['tech', 'morning'], name: 'Ann  Lee', extra: '1' },
    page: null,
    via: 'sink' as const,
  };
  expect(unmet([{ kind: 'submitted', fields: { topics: ['morning', 'tech'], name: 'ann lee' } }], [ev])).toEqual([]);
  expect(unmet([{ kind: 'submitted', fields: { topics: ['morning'] } }], [ev])).toHaveLength(1);
  expect(unmet([{ kind: 'submitted', fields: { op: 'save' } }], [ev])).toHaveLength(1);
  expect(unmet([{ kind: 'clicked', detail: 'Billing' }], [ev])).toHaveLength(1);
});
