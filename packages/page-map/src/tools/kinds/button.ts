/** A standalone button (no form): a tool per distinct button label, pressed by its key and index. */
import type { ButtonBinding } from '../../bindings';
import { callPageScript } from '../../page-script-host/call';
import type { RawButton, RawPage } from '../../shared/page-script-types';
import { SIGN_OUT_WORDS } from '../../login/words';
import { ToolError } from '../../outcome';
import { probeBudget, settle } from '../../settle/settle';
import { slug } from '../../shared/slug';
import { clip } from '../params';
import { type Candidate, type ToolKind, settledOutcome } from './kind';

/**
 * "Click the … button". One of several equal buttons (an "Add to cart" per card) says which card it
 * is and that the click tool takes the others: only the first becomes a tool of its own.
 */
function buttonDescription(b: RawButton): string {
  const label = clip(b.label, 60);
  const where = b.context ? ` of "${clip(b.context, 50)}"` : '';
  const others =
    b.count && b.count > 1
      ? ` It is the first of ${b.count} "${label}" buttons; click takes each of them by its row or card.`
      : '';
  return `Click the "${label}" button${where}${b.chrome === 'banner' ? ' (cookie/consent banner)' : ''}.${others}`;
}

export function buttonCandidate(b: RawButton): Candidate | null {
  // A label in a script snake_case cannot spell ("ログアウト") slugs to nothing; a sign-out is still
  // named for what it does, in any language of the word tables.
  const base = slug(b.label, 30) || (SIGN_OUT_WORDS.test(b.label) ? 'sign_out' : '');
  if (!base || /^\d+$/.test(base)) return null;
  let score = b.inMain ? 40 : 30;
  if (b.chrome === 'banner') score = 8;
  else if (b.chrome === 'nav' || b.chrome === 'header') score = 20;
  else if (b.chrome === 'footer') score = 12;
  if (b.expanded !== null) score -= 5; // menu toggles
  return {
    base,
    score,
    order: b.order,
    tool: { name: base, description: buttonDescription(b), params: [] },
    binding: { kind: 'button', key: b.key, idx: b.idx, frame: b.frame },
    dedupeKey: `button:${b.key}`,
  };
}

/** Candidates in page order, each button key once. */
function buildButtons(raw: RawPage): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const b of raw.buttons) {
    const c = buttonCandidate(b);
    if (!c || seen.has(c.dedupeKey!)) continue;
    seen.add(c.dedupeKey!);
    out.push(c);
  }
  return out;
}

export const button: ToolKind<ButtonBinding> = {
  build: buildButtons,
  async run(binding, { page, call, deadline }) {
    const r = await settle(page, deadline, async () => {
      // The click and the settle's first quiet probe in one message (page-script/quiet.ts).
      const res = await callPageScript(
        page,
        { op: 'click', key: binding.key, idx: binding.idx, quietMs: probeBudget(deadline) },
        { op: 'click', ok: true, quiet: 'gone' },
      );
      if (res.op !== 'click' || !res.ok)
        throw new ToolError(
          'ELEMENT_GONE',
          'The button behind this tool is no longer on the page; see the fresh tool list.',
        );
      return res.quiet;
    });
    return settledOutcome(call.tool, r);
  },
};
