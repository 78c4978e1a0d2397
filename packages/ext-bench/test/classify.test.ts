/** Whose failure it is (classify.ts): the agent's only when the page map offered the target word for word. */
import type { Tool } from '@pagemap/contracts';
import {
  AmbiguousFields,
  benchChoiceFor,
  faultOfUnchosen,
  faultOfWrongState,
  mentioned,
  toolsForStep,
  traceOf,
} from '../src';

const tools: Tool[] = [
  {
    name: 'click',
    description: 'Click something on the page by its visible text',
    params: [
      { name: 'target', description: 'Visible text', options: ['Carl Andersen', 'Change (2)', 'December 2020'] },
    ],
  },
  {
    name: 'cut',
    description: 'Submit the form',
    params: [{ name: 'night_mode', description: 'Night Mode (true to check)' }],
  },
] as Tool[];

test('a target is offered only as whole words: "20" is not in "December 2020"', () => {
  expect(mentioned(tools, 'Carl Andersen')).toBe(true);
  expect(mentioned(tools, '20')).toBe(false);
  expect(mentioned(tools, '2020')).toBe(true);
});

test('something to click is looked for in names, descriptions and options; a value to fill in params', () => {
  expect(mentioned(tools, 'Night Mode')).toBe(false);
  expect(mentioned(tools, 'Night Mode', 'field')).toBe(true);
  expect(mentioned(tools, 'Carl Andersen', 'field')).toBe(false);
});

test('a step nothing in the map offers is the product failing; one offered but not chosen is the agent', () => {
  expect(faultOfUnchosen(traceOf(tools, ['Peter Müller'], 'element'))).toBe('product');
  expect(faultOfUnchosen(traceOf(tools, ['Carl Andersen'], 'element'))).toBe('agent');
  expect(faultOfUnchosen(traceOf(tools, [], 'element'))).toBe('product');
});

test('a state not reached is the agent only when it called something off-target while the target was offered', () => {
  const offTarget = traceOf(tools, ['Carl Andersen'], 'element', 'click.target="Change (2)"');
  const onTarget = traceOf(tools, ['Carl Andersen'], 'element', 'click.target="Carl Andersen"');
  const notOffered = traceOf(tools, ['Change Row 1: Cell 2'], 'element', 'click.target="Change (2)"');
  expect(faultOfWrongState([offTarget])).toBe('agent');
  expect(faultOfWrongState([onTarget])).toBe('product');
  expect(faultOfWrongState([notOffered])).toBe('product');
});

test('a gesture is offered only by a tool that says it does it', () => {
  const step = { do: 'double_click' as const, target: 'Carl Andersen' };
  expect(faultOfUnchosen(traceOf(toolsForStep(step, tools), ['Carl Andersen'], 'element'))).toBe('product');
  const withGesture = [
    ...tools,
    {
      name: 'double_click',
      description: 'Double-click an element',
      params: [{ name: 'target', description: 'What', options: ['Carl Andersen'] }],
    },
  ] as Tool[];
  expect(faultOfUnchosen(traceOf(toolsForStep(step, withGesture), ['Carl Andersen'], 'element'))).toBe('agent');
});

test('two params that fit a label equally are the product not telling the fields apart', () => {
  const twins = [
    {
      name: 'contact',
      description: 'Submit the "Contact" form',
      params: [
        { name: 'how', description: 'How do you want to be contacted?' },
        { name: 'email', description: 'How do you want to be contacted?' },
      ],
    },
  ] as Tool[];
  expect(() => benchChoiceFor({ do: 'fill', values: { 'How do you want to be contacted?': 'Phone' } }, twins)).toThrow(
    AmbiguousFields,
  );
});

test('clicking a box or radio offered as a param sets that param, as a person reading the map would', () => {
  const boxes = [
    tools[0],
    {
      name: 'cut',
      description: 'Submit the form',
      params: [{ name: 'night_mode', type: 'boolean', description: 'Night Mode (true to check)' }],
    },
    {
      name: 'set_options',
      description: 'Check, uncheck or choose: options_radios. They have no button of their own, so nothing is sent.',
      params: [{ name: 'options_radios', type: 'enum', description: 'options', options: ['Radio one', 'Radio two'] }],
    },
  ] as Tool[];
  expect(benchChoiceFor({ do: 'click', target: 'Night Mode' }, boxes)).toMatchObject({
    tool: 'cut',
    params: { night_mode: true },
  });
  expect(benchChoiceFor({ do: 'click', target: 'Radio two' }, boxes)).toMatchObject({
    tool: 'set_options',
    params: { options_radios: 'Radio two' },
  });
  // An option of the click tool stays a click.
  expect(benchChoiceFor({ do: 'click', target: 'Carl Andersen' }, boxes)).toMatchObject({ tool: 'click' });
});

test('a choice a list does not offer goes where the same form offers it: a box of its own or another list', () => {
  const split = [
    {
      name: 'categories',
      description: 'Submit the "Categories" form',
      params: [
        {
          name: 'categories',
          type: 'enum',
          description: 'Categories (one or more of the options)',
          options: ['Alpha', 'Beta'],
        },
        { name: 'other_categories', type: 'boolean', description: 'Gamma (in "Categories"; true to check)' },
        { name: 'type', type: 'enum', description: 'Type (one of the options)', options: ['Audio', 'Image'] },
        { name: 'other_type', type: 'enum', description: 'Type (one of the options)', options: ['Video'] },
      ],
    },
  ] as Tool[];
  expect(benchChoiceFor({ do: 'fill', values: { Categories: ['Alpha', 'Gamma'] } }, split).params).toEqual({
    categories: ['Alpha'],
    other_categories: true,
  });
  expect(benchChoiceFor({ do: 'fill', values: { Type: 'Video' } }, split).params).toEqual({ other_type: 'Video' });
});

test('several choices tied between two lists with the same options go to the one that takes several', () => {
  const lists = [
    {
      name: 'choose_fruit',
      description: 'Fill the form',
      params: [
        {
          name: 'select_a_fruit',
          type: 'enum',
          description: 'Select a fruit (one of the options)',
          options: ['apples', 'bananas'],
        },
        {
          name: 'field_2',
          type: 'enum',
          description: 'select (one or more of the options)',
          options: ['apples', 'bananas'],
        },
      ],
    },
  ] as Tool[];
  expect(benchChoiceFor({ do: 'fill', values: { fruits: ['apples', 'bananas'] } }, lists)).toMatchObject({
    tool: 'choose_fruit',
    params: { field_2: ['apples', 'bananas'] },
  });
  expect(() => benchChoiceFor({ do: 'fill', values: { fruits: 'apples' } }, lists)).toThrow(AmbiguousFields);
});
