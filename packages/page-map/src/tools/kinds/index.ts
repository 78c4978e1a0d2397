/**
 * The table of tool kinds: one entry per variant of ToolBinding (bindings.ts), each defined in its
 * own module. The type demands an entry for every kind, so a new variant does not compile until
 * it has one; the runner (run-tool.ts) and the tool builder (tools/build.ts) only look kinds up
 * here. The order is the order candidates are offered in before ranking (ties keep it).
 */
import type { BindingOf, ToolKindName } from '../../bindings';
import type { ToolRunOutcome } from '../../types';
import { button } from './button';
import { click } from './click';
import { dialog } from './dialog';
import { edit } from './edit';
import { hover } from './hover';
import { rows } from './rows';
import { pressKey } from './press-key';
import { slider } from './slider';
import { followLink } from './follow-link';
import { form } from './form';
import type { RunContext, ToolKind } from './kind';
import { navigate } from './navigate';
import { webmcp } from './webmcp';

type KindTable = { [K in ToolKindName]: ToolKind<BindingOf<K>> };

export const KINDS: KindTable = {
  webmcp,
  form,
  button,
  click,
  follow_link: followLink,
  navigate,
  dialog,
  edit,
  hover,
  rows,
  press_key: pressKey,
  slider,
};

/** Runs a call through its binding's kind. */
export function runKind<K extends ToolKindName>(binding: BindingOf<K>, ctx: RunContext): Promise<ToolRunOutcome> {
  const kind: ToolKind<BindingOf<K>> = KINDS[binding.kind];
  return kind.run(binding, ctx);
}

export type { Candidate, RunContext, ToolKind } from './kind';
