/** Which file a request path names, shared by the server and the task checks. */
import { statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

export const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** The file itself, its index.html, or (clean URLs, as the source's own dev server does) the name plus .html. */
export function resolveFileSync(root: string, pathname: string, cleanUrls: boolean): string | undefined {
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '');
  } catch {
    return undefined;
  }
  if (rel.split(sep).includes('..')) return undefined;
  const file = join(root, rel);
  const tries = [file, join(file, 'index.html'), ...(cleanUrls ? [`${file}.html`] : [])];
  return tries.find(isFile);
}
