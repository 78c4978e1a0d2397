/**
 * Choices in a panel that a click elsewhere shows: a jQuery plugin's picker drawn, hidden, at the
 * end of the body, shown by a click on a plain element (Date Range Picker's predefined ranges,
 * "Yesterday", "Last 7 Days", in a `div` that opens on a click on a box showing the dates). No
 * attribute ties the box to its panel; the plugin's instance in the box's jQuery data does
 * (main-world.ts asks the page's world). Each item of such a hidden panel is a click target of its
 * own, saying which target shows it; clicking it opens the panel first and then presses the item,
 * as a person does. Items that are real links are left to follow_link, which reaches them closed.
 */
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { clean, visible, type Order } from './dom';
import { jqueryPanels } from './main-world';
import { pressElement } from './press';
import type { TargetEntry } from './targets';

const ITEM_SEL = 'li,[role=option],[role=menuitem],[role=menuitemradio],[role=menuitemcheckbox]';
const MAX_ITEMS_PER_PANEL = 30;
/** Longer than that is a passage, not a choice's name. */
const MAX_LABEL = 40;
/** How long the panel may take to show after its opener's click, ms. */
const OPEN_WAIT_MS = 1_000;
const POLL_MS = 25;

/** The choices in hidden panels that `targets` open, each after the others, with unique labels. */
export function revealedTargets(targets: TargetEntry[], order: Order): TargetEntry[] {
  const used = new Set(targets.map((t) => t.raw.label.toLowerCase()));
  const out: TargetEntry[] = [];
  for (const t of targets) {
    for (const panel of jqueryPanels(t.el)) {
      if (visible(panel)) continue; // shown: its items are targets like any other
      for (const item of itemsOf(panel)) {
        const text = clean(item.textContent);
        // A choice whose words another target has already is told apart by what opens it.
        const label = used.has(text.toLowerCase()) ? `${text} (${t.raw.label})` : text;
        if (used.has(label.toLowerCase())) continue;
        used.add(label.toLowerCase());
        out.push({
          // Its region is its opener's; it is none of an overlay's own buttons (dismiss_overlay's).
          raw: {
            ...t.raw,
            label,
            kind: 'choice',
            expanded: null,
            overlay: false,
            opensWith: t.raw.label,
            order: order.next++,
          },
          el: item,
          opener: t.el,
        });
      }
    }
  }
  return out;
}

/** The innermost items of a panel that name a choice in a few words and are no real link. */
function itemsOf(panel: Element): Element[] {
  return Array.from(panel.querySelectorAll(ITEM_SEL))
    .filter((item) => {
      const text = clean(item.textContent);
      return (
        text.length > 0 &&
        text.length <= MAX_LABEL &&
        !item.querySelector(ITEM_SEL) &&
        !item.querySelector('a[href]:not([href="#"]):not([href^="javascript:" i]),input,select,textarea')
      );
    })
    .slice(0, MAX_ITEMS_PER_PANEL);
}

/** Clicks the opener, waits for the item to show, then clicks it; not shown in time: not clicked. */
export function openThenPress(entry: TargetEntry, opener: Element): Promise<PageScriptResponse> {
  pressElement(opener);
  const started = performance.now();
  return new Promise((resolve) => {
    const look = () => {
      if (visible(entry.el)) {
        pressElement(entry.el);
        resolve({ op: 'clickTarget', ok: true, label: entry.raw.label });
      } else if (performance.now() - started > OPEN_WAIT_MS) resolve({ op: 'clickTarget', ok: false });
      else setTimeout(look, POLL_MS);
    };
    // The opener's press runs one macrotask from now (pressElement defers it).
    setTimeout(look, 0);
  });
}
