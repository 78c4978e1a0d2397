/** The report script only ever rewrites its own delimited section of the document. */
import { withSection } from '../src/report';

test('appends the section once, then replaces only what is between the markers', () => {
  const doc = '# Page understanding\n\nIntro.\n';
  const first = withSection(doc, 'table v1');
  expect(first).toContain('Intro.');
  expect(first).toContain('table v1');
  const edited = first.replace('See `packages/web-corpus/README.md`.', 'Hand-written note.') + '\n## Later section\n';
  const second = withSection(edited, 'table v2');
  expect(second).not.toContain('table v1');
  expect(second).toContain('table v2');
  expect(second).toContain('Hand-written note.');
  expect(second).toContain('## Later section');
  expect(second.match(/web-corpus:start/g)).toHaveLength(1);
});
