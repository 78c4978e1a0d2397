/**
 * Frames from another site: this script cannot enter them (their document lives in another
 * renderer), but it sees their elements. It reports the origins of those a person can see and
 * use, so that Node reads only these (frames.ts), not the tracking pixels and hidden helper
 * frames that most pages carry by the dozen.
 */
import { frameDocument, visible, type RootInfo } from './dom';

/** Smallest frame worth reading: a widget a person uses is at least this large (CSS pixels). */
const MIN_WIDTH = 120;
const MIN_HEIGHT = 60;

export function foreignFrameOrigins(roots: RootInfo[]): string[] {
  const out = new Set<string>();
  for (const ri of roots) {
    for (const el of Array.from(ri.root.querySelectorAll('iframe,frame'))) {
      if (frameDocument(el) || !visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < MIN_WIDTH || r.height < MIN_HEIGHT) continue;
      try {
        const u = new URL((el as HTMLIFrameElement).src);
        if (u.protocol === 'http:' || u.protocol === 'https:') out.add(u.origin);
      } catch {
        // no usable address: nothing Node could match it to
      }
    }
  }
  return [...out];
}
