/**
 * A file input's param, from the raw field to the exact value the page script gets: typed `file`,
 * its description saying how a file is given and which files the page asks for; a file given as
 * text or base64 becomes a name, a media type and base64 bytes; anything else is INVALID_PARAMS
 * with a message that never quotes the content. buildTools and validateParams are pure.
 */
import type { RawField } from '../src/shared/page-script-types';
import { buildTools } from '../src/tools/build';
import { ParamError, validateParams } from '../src/validate-params';
import { rawField, rawGroup, rawPage } from './raw-fixtures';

const upload = (over: Partial<RawField> = {}) =>
  buildTools(
    rawPage({
      title: 'Apply',
      groups: [
        rawGroup({
          sig: 'form|file:cv|',
          fields: [rawField({ type: 'file', name: 'cv', label: 'Your CV', required: true, ...over })],
          submitLabel: 'Send',
        }),
      ],
    }),
  ).find((t) => t.tool.params.some((p) => p.name === 'cv'))!;

test('a file input is a param of type file, saying how a file is given and what the page accepts', () => {
  const tool = upload({ accept: '.pdf,.docx' });
  const cv = tool.tool.params.find((p) => p.name === 'cv')!;
  expect(cv).toMatchObject({ type: 'file', required: true });
  expect(cv.description).toBe('Your CV (a file: {"name", "text"} or {"name", "base64"}; it accepts .pdf,.docx)');
  const several = upload({ multiple: true }).tool.params.find((p) => p.name === 'cv')!;
  expect(several.description).toContain('one or more files, as an array of');
  expect(several.description).not.toContain('one or more of the options');
});

test('a file as text or base64 becomes its name, media type and bytes', () => {
  const tool = upload();
  expect(validateParams(tool, { cv: { name: 'cv.txt', text: 'Ann Lee' } }).cv).toEqual([
    { name: 'cv.txt', type: 'text/plain', base64: Buffer.from('Ann Lee').toString('base64') },
  ]);
  expect(validateParams(tool, { cv: { name: 'cv.pdf', base64: 'JVBE\nRg==' } }).cv).toEqual([
    { name: 'cv.pdf', type: 'application/pdf', base64: 'JVBERg==' },
  ]);
  expect(validateParams(tool, { cv: { name: 'scan', base64: 'AAE=', type: 'image/tiff' } }).cv).toEqual([
    { name: 'scan', type: 'image/tiff', base64: 'AAE=' },
  ]);
  const two = [
    { name: 'a.md', text: '# A' },
    { name: 'b.bin', base64: 'AA==' },
  ];
  expect(validateParams(upload({ multiple: true }), { cv: two }).cv).toEqual([
    { name: 'a.md', type: 'text/markdown', base64: Buffer.from('# A').toString('base64') },
    { name: 'b.bin', type: 'application/octet-stream', base64: 'AA==' },
  ]);
});

test('what is no file is refused, naming the param and never the content', () => {
  const tool = upload();
  const refused = (cv: unknown): string => {
    try {
      validateParams(tool, { cv } as never);
    } catch (err) {
      expect(err).toBeInstanceOf(ParamError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };
  expect(refused('a text')).toContain('Parameter "cv" must be a file');
  expect(refused({ name: 'cv.txt' })).toContain('{"name", "text"} or {"name", "base64"}');
  expect(refused({ name: 'cv.txt', text: 'secret-words', base64: 'AA==' })).not.toContain('secret-words');
  expect(refused({ name: '../etc/passwd', text: 'x' })).toContain('without a path');
  expect(refused({ name: 'cv.pdf', base64: 'not base64!' })).toContain('as base64');
  expect(
    refused([
      { name: 'a.txt', text: 'a' },
      { name: 'b.txt', text: 'b' },
    ]),
  ).toContain('takes one file');
  expect(() => validateParams(tool, {})).toThrow('Missing required parameter "cv"');
});

test('a file given where the param takes text is refused, not typed as "[object Object]"', () => {
  const tool = buildTools(
    rawPage({
      title: 'Apply',
      groups: [rawGroup({ fields: [rawField({ name: 'fullname', label: 'Full name' })], submitLabel: 'Send' })],
    }),
  ).find((t) => t.tool.params.some((p) => p.name === 'fullname'))!;
  expect(() => validateParams(tool, { fullname: { name: 'a.txt', text: 'x' } })).toThrow('takes no file');
  expect(() => validateParams(tool, { fullname: [{ name: 'a.txt', text: 'x' }] })).toThrow('takes no file');
});
