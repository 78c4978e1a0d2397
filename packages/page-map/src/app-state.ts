/**
 * An app's state in the page map (page-script/items.ts reads it): the visible items of its lists,
 * tables and grids, with their boxes' and selections' marks. They go into `page_content` as a
 * section of their own after the content, and into the page's text as one sentence per list,
 * which is what the summary reads on an app page that has no prose ("has little readable text"
 * told an agent nothing about the list it had just changed).
 */
import type { RawItemList } from './shared/page-script-types';

/** Most items named in a list's sentence (the section in page_content has all that were read). */
const SENTENCE_ITEMS = 8;

const heading = (list: RawItemList): string => list.name || 'Items';
const more = (list: RawItemList, shown: number): string =>
  list.total > shown ? ` (${shown} of ${list.total} shown)` : '';

/** The lists as Markdown: a heading each, one bullet per item with its mark. */
export function itemsMarkdown(lists: RawItemList[]): string {
  return lists
    .map((l) => `## ${heading(l)}${more(l, l.items.length)}\n\n${l.items.map((i) => `- ${i}`).join('\n')}`)
    .join('\n\n');
}

/** Words for an item's mark in a sentence ("☑ Buy milk" is "Buy milk (checked)"). */
function spoken(item: string): string {
  if (item.startsWith('☑ ')) return `${item.slice(2)} (checked)`;
  if (item.startsWith('☐ ')) return item.slice(2);
  return item;
}

/** One sentence per list: "The page lists 2 items under "Reading list": Kindred (checked); Dune." */
export function itemsSentences(lists: RawItemList[]): string[] {
  return lists.map((l) => {
    const names = l.items.slice(0, SENTENCE_ITEMS).map(spoken);
    const rest = l.total > names.length ? `; and ${l.total - names.length} more` : '';
    const under = l.name ? ` under "${l.name}"` : '';
    return `The page lists ${l.total} item${l.total === 1 ? '' : 's'}${under}: ${names.join('; ')}${rest}.`;
  });
}

/** Markdown with the app's lists added after the content (nothing added for a page without any). */
export function withItems(markdown: string, lists: RawItemList[] | undefined): string {
  if (!lists?.length) return markdown;
  return `${markdown}\n\n${itemsMarkdown(lists)}`.trim();
}
