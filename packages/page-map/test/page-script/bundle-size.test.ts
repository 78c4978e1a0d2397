/**
 * The page script's bundle is minified (scripts/build-page-script.mjs): it crosses the protocol
 * once per document and V8 parses all of it there. Unminified it was ≈ 66 KB (and more since);
 * minified ≈ 38 KB, then ≈ 48 KB with issue 25's listeners, per-row controls, app state and locked
 * fields, ≈ 57 KB with its hover scan, frames, veiled pages and drawn dropdowns driven by pointer,
 * ≈ 60 KB with suggestion lists found where they are drawn, tree arrows and SVG clicks, ≈ 64 KB
 * with a JSON tree's rows and the page's short timers, ≈ 64.5 KB with a page's own index left out
 * of its text and its headings marked there, ≈ 66 KB with editors' toolbars, select widgets' own
 * boxes, rows of links before a box and radios wrapped in their labels, ≈ 70.5 KB with sliders a
 * script draws (both kinds), ≈ 72.5 KB with codes split across boxes, filters' own buttons and
 * command palette boxes, ≈ 74 KB with cards that bound loose fields, ≈ 76 KB with sliders whose
 * track takes the keys and sliders named by their scale, ≈ 78 KB with the U.S. Web Design System's
 * and bootstrap-select's mechanisms (controls off the page, fieldsets of loose fields, a select's
 * drawn face, labels in another form), ≈ 80.5 KB with Awesomplete's and Vanilla JS Datepicker's
 * (live regions out of names, lists that show by a transition, a calendar's cells served by one
 * listener, a range's pair of boxes, a box's own drop-down), ≈ 84.5 KB with boxes of tags (named
 * as a whole, their tags a list, added to in forms) and suggestion panels drawn as floating divs,
 * ≈ 85.5 KB with the choices of a hidden panel that a click elsewhere shows (jQuery plugins' pickers),
 * ≈ 86.5 KB with file inputs (their files set and read back, a chooser's label yielding to the one before),
 * ≈ 87.5 KB with file inputs hidden behind a button of their own and drop zones named by their section,
 * ≈ 88 KB with a calendar's days named by the date written on their cells, ≈ 91 KB with
 * simple-datatables' and jsTree's (boxes drawn as characters, a menu's sign, a tree's arrows, busy
 * regions), ≈ 94 KB with JSON Editor's (the loose fields of a table or a section as one tool, a
 * row told by what its fields hold, rows' buttons and "Add …" that send nothing), ≈ 96 KB with
 * jQuery Bar Rating's (a scale drawn over a hidden select, pressed and read back; a caption after
 * a widget naming its select).
 * A bound of 98 KB catches the build losing minification, and a bundle that grows past it is
 * worth a look (what it costs per document: docs/performance.md).
 */
import { PAGE_SCRIPT_SOURCE } from '../../src/page-script-host/generated/page-script.generated';

test('the page script bundle is minified', () => {
  expect(PAGE_SCRIPT_SOURCE.length).toBeLessThan(98_000);
  // No indentation left: a minified bundle has (almost) no line breaks.
  expect(PAGE_SCRIPT_SOURCE.split('\n').length).toBeLessThan(20);
});
