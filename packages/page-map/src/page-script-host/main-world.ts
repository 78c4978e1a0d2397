/**
 * The page's-world half of the page script's bridge (../page-script/main-world.ts asks,
 * ../page-script/serialized/main-world-bridge.ts answers): the events' name, made per process so a
 * page cannot listen for it or answer in its place, and the new-document source that installs it.
 */
import { randomBytes } from 'node:crypto';
import { activityBridgeInit } from '../page-script/serialized/activity';
import { jqueryPanelsBridgeInit } from '../page-script/serialized/jquery-panels';
import { mainWorldBridgeInit } from '../page-script/serialized/main-world-bridge';

export const BRIDGE = `pagemap-${randomBytes(8).toString('hex')}`;

/** Run in the page's world of every document, before the page's scripts (preparePage). */
export const MAIN_WORLD_BRIDGE = [mainWorldBridgeInit, jqueryPanelsBridgeInit, activityBridgeInit]
  .map((init) => `(${init.toString()})(${JSON.stringify(BRIDGE)});`)
  .join('\n');
