/**
 * A file param's value, checked and made exact: the agent gives a file (or a list, for an input
 * that takes several) as `{ name, text }` or `{ name, base64 }`, with an optional media type; the
 * page script gets each as its name, media type and bytes in base64 (page-script/files.ts).
 * Messages name the param and the accepted forms, never the content.
 */
import type { FileData } from './shared/page-script-protocol';

/** The media types of common extensions; any other file is bytes (`application/octet-stream`). */
const MEDIA_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  html: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const FORMS = '{"name", "text"} or {"name", "base64"}';

function mediaType(name: string, given: unknown, text: boolean): string {
  if (typeof given === 'string' && given.trim()) return given.trim();
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return MEDIA_TYPES[ext] ?? (text ? 'text/plain' : 'application/octet-stream');
}

/** One file, or null when it is not of the accepted forms. */
function oneFile(v: unknown): FileData | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const f = v as Record<string, unknown>;
  const name = typeof f.name === 'string' ? f.name.trim() : '';
  const hasText = typeof f.text === 'string';
  const hasBase64 = typeof f.base64 === 'string';
  if (!name || /[/\\]/.test(name) || hasText === hasBase64) return null;
  const base64 = hasText
    ? Buffer.from(f.text as string, 'utf8').toString('base64')
    : (f.base64 as string).replace(/\s+/g, '');
  if (!BASE64.test(base64)) return null;
  return { name, type: mediaType(name, f.type, hasText), base64 };
}

/** The files given for a file param; throws with a message for the agent when they are not. */
export function fileValues(param: string, v: unknown, multiple: boolean): FileData[] {
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0) throw new Error(`Parameter "${param}" takes ${multiple ? 'one or more files' : 'a file'}.`);
  if (list.length > 1 && !multiple)
    throw new Error(`Parameter "${param}" takes one file (the page's input holds one), as ${FORMS}.`);
  const files = list.map(oneFile);
  if (files.some((f) => f === null))
    throw new Error(
      `Parameter "${param}" must be ${multiple ? 'files, each' : 'a file'} as ${FORMS}: a file name without a path, and its content as text or as base64.`,
    );
  return files as FileData[];
}
