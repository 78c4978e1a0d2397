/**
 * A file input, set as a person's file chooser sets it: the files given (their names, types and
 * bytes, carried in the fill request) become the input's `files`, then `input` and `change` fire
 * as they do when a person picks files. Nothing is written to disk, in the worker or the browser.
 * The page's own checks then run (an `accept` list a script enforces, a size limit): a page that
 * refuses a file empties the input, and read-back reports the field as not holding it.
 */
import type { FileData, ReadBack } from '../shared/page-script-protocol';
import { fire } from './native-value';

const bytesOf = (base64: string): Uint8Array => {
  const raw = atob(base64);
  const out = new Uint8Array(raw.length);
  for (let k = 0; k < raw.length; k++) out[k] = raw.charCodeAt(k);
  return out;
};

/** Puts the files into the input and tells the page, as a person's choice in the file dialog does. */
export function setFiles(el: HTMLInputElement, files: FileData[]): void {
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  const chosen = new DataTransfer();
  for (const f of el.multiple ? files : files.slice(0, 1))
    chosen.items.add(new File([bytesOf(f.base64) as BlobPart], f.name, { type: f.type }));
  el.files = chosen.files;
  fire(win, el, 'input');
  fire(win, el, 'change');
}

/** The names of the files the input holds, against the names asked. */
export function filesReadBack(el: HTMLInputElement, param: string, asked: FileData[]): ReadBack {
  const held = Array.from(el.files ?? []).map((f) => f.name);
  const wanted = (el.multiple ? asked : asked.slice(0, 1)).map((f) => f.name);
  const holds = held.length === wanted.length && wanted.every((n) => held.includes(n));
  return { param, holds, value: held };
}
