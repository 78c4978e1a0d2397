/**
 * The page script's own JavaScript world in each document: an isolated world (Chromium's, as an
 * extension's content scripts have), which shares the page's DOM but none of its JavaScript
 * objects. The page's own scripts cannot see what lives there, call it, or change the built-ins it
 * uses (a page that patches `Element.prototype.querySelectorAll` patches its own world's).
 *
 * Node learns each document's world from the page's DevTools session (puppeteer's, which has the
 * Runtime domain on): Chromium reports every execution context with its world's name and frame.
 * A document whose world Node has not seen (one made before the watch began, or a frame of
 * another site whose session got no new-document script) gets one made on demand
 * (`Page.createIsolatedWorld`, which returns the world of that name if the document has it).
 */
import type { CDPSession, Frame } from 'puppeteer-core';

/** The world's name. Pages cannot name or reach worlds; Chromium keeps one world per name per document. */
export const WORLD = 'pagemap';

/**
 * What puppeteer keeps of a frame and leaves out of its public types: the frame's DevTools
 * session (the page's, or an out-of-process frame's own) and its protocol id.
 */
interface FrameInternals {
  client: CDPSession;
  _id: string;
}
const internals = (frame: Frame): FrameInternals => frame as unknown as FrameInternals;

/** The DevTools session that serves `frame` (puppeteer's, with the Runtime domain on). */
export const sessionOf = (frame: Frame): CDPSession => internals(frame).client;

/** Frame id → the execution context of WORLD in that frame's current document, per DevTools session. */
const known = new WeakMap<CDPSession, Map<string, number>>();

/** Starts watching a session's execution contexts (idempotent); the map it keeps. */
export function watchWorlds(client: CDPSession): Map<string, number> {
  let byFrame = known.get(client);
  if (byFrame) return byFrame;
  const map = new Map<string, number>();
  byFrame = map;
  known.set(client, map);
  client.on('Runtime.executionContextCreated', (e) => {
    const frameId = (e.context.auxData as { frameId?: unknown } | undefined)?.frameId;
    if (e.context.name === WORLD && typeof frameId === 'string') map.set(frameId, e.context.id);
  });
  client.on('Runtime.executionContextDestroyed', (e) => {
    for (const [frameId, id] of map) if (id === e.executionContextId) map.delete(frameId);
  });
  client.on('Runtime.executionContextsCleared', () => map.clear());
  return map;
}

export interface World {
  client: CDPSession;
  /** The execution context of the world in the frame's current document. */
  contextId: number;
}

/** The page script's world in `frame`'s current document: the one Chromium reported, or one made now. */
export async function worldOf(frame: Frame): Promise<World> {
  const { client, _id: frameId } = internals(frame);
  const byFrame = watchWorlds(client);
  const seen = byFrame.get(frameId);
  if (seen !== undefined) return { client, contextId: seen };
  const made = await client.send('Page.createIsolatedWorld', { frameId, worldName: WORLD });
  byFrame.set(frameId, made.executionContextId);
  return { client, contextId: made.executionContextId };
}

/** Forgets a world whose context turned out to be gone (its document was replaced). */
export function forgetWorld(frame: Frame, contextId: number): void {
  const { client, _id: frameId } = internals(frame);
  const byFrame = known.get(client);
  if (byFrame?.get(frameId) === contextId) byFrame.delete(frameId);
}
