/** Tool and param names in snake_case from a form's purpose and words. */
import type { RawField, RawGroup } from '../shared/page-script-types';
import { slug } from '../shared/slug';
import type { Purpose } from '../bindings';
import { RECOVERY_WORDS, isPasswordChange } from '../login/recognise';
import { NEXT_STEP_LABEL, SIGN_OUT_WORDS } from '../login/words';

const PURPOSE_NAMES: [RegExp, string][] = [
  [/subscribe|newsletter|mailing list/, 'subscribe'],
  // In any of the word tables' languages: a label in a script snake_case cannot spell ("注销")
  // would otherwise leave the form the name of no purpose at all (submit_form).
  [SIGN_OUT_WORDS, 'sign_out'],
  [/add to (cart|bag|basket)|add_to_cart|addtocart|add-to-cart/, 'add_to_cart'],
  [RECOVERY_WORDS, 'reset_password'],
  [/checkout|place (your )?order/, 'checkout'],
  [/contact|get in touch|enquir|inquir|message us|send (us )?a message/, 'contact'],
  [/\bcomment|\breply\b/, 'post_comment'],
  [/review/, 'write_review'],
  [/feedback/, 'send_feedback'],
  [/\bbook\b|reserv/, 'book'],
  [/\bfilter/, 'filter'],
  [/\bsort\b/, 'sort'],
  [/coupon|promo code|voucher/, 'apply_coupon'],
];
const VAGUE = new Set([
  'submit',
  'go',
  'ok',
  'send',
  'save',
  'continue',
  'next',
  'apply',
  'done',
  'button',
  'submit_query',
  'enter',
]);

/** Names that promise a purpose; a form not detected as that purpose must not carry them. */
const RESERVED = /^(login|log_in|sign_in|signin|search|navigate|follow_link|click|dismiss_overlay)$/;

export function nameFor(g: RawGroup, purpose: Purpose): string {
  const n = nameFromWords(g, purpose);
  return purpose === 'other' && RESERVED.test(n) ? `${n}_form` : n;
}

function nameFromWords(g: RawGroup, purpose: Purpose): string {
  if (purpose === 'login') return 'login';
  if (purpose === 'search') return 'search';
  if (purpose === 'sign_up') {
    return isPasswordChange(g) ? 'change_password' : 'sign_up';
  }
  if (purpose === 'verify_code') return 'verify_code';
  const own = `${g.submitLabel} ${g.ariaLabel} ${g.heading} ${g.formId} ${g.formName} ${g.action} ${g.className}`
    .toLowerCase()
    .replace(/[-_]/g, ' ');
  for (const [re, name] of PURPOSE_NAMES) if (re.test(own)) return name;
  if (!g.submitLabel && g.buttons.length === 0) return nameFromFields(g);
  const btn = slug(g.submitLabel);
  // "Weiter", "Next →" or "次へ" says no more than "Continue": the form's own words name it first.
  const nextStep = NEXT_STEP_LABEL.test(g.submitLabel);
  if (btn && !nextStep && !VAGUE.has(btn) && btn.length <= 30) return btn;
  for (const s of [g.ariaLabel, g.heading, g.formName, g.formId]) {
    const n = clipName(s);
    if (n && !/^\d/.test(n) && !VAGUE.has(n)) return n.endsWith('form') ? n.replace(/_?form$/, '') || 'submit_form' : n;
  }
  return nextStep ? 'continue' : (oneQuestion(g, btn) ?? 'submit_form');
}

/** Words a clipped name must not end on: "have_you_changed_your_name_or" reads better without "_or". */
const DANGLING = /(_(a|an|the|of|or|and|to|in|on|at|by|for|from|with))+$/;

/**
 * A name of at most `max` characters, cut between words ("which_part_of_the_housing_act", not
 * "which_part_of_the_housing_act_w"), never after an article or a preposition.
 */
export function clipName(s: string, max = 30): string {
  const full = slug(s, 200);
  if (full.length <= max) return full;
  const head = full.slice(0, max + 1);
  const cut = head.lastIndexOf('_');
  const n = cut > 0 ? head.slice(0, cut) : full.slice(0, max);
  return n.replace(DANGLING, '') || n;
}

/** What a vague button does, as a verb: "Save" saves, "Send" sends; "OK", "Go" or "Submit" submit. */
const VERBS = new Set(['save', 'send', 'apply']);

/**
 * A form of one question whose button says nothing ("Submit", "OK", a word in another script):
 * named for what it sends, "submit_email_address", "save_notes", rather than an anonymous
 * "submit_form". A form of several fields keeps that name: one field's would hide the others.
 */
function oneQuestion(g: RawGroup, btn: string): string | undefined {
  if (g.fields.length !== 1) return undefined;
  const f = g.fields[0]!;
  const question = f.section || f.label || (f.nearby.length <= 60 ? f.nearby : '') || f.placeholder;
  const verb = VERBS.has(btn) ? btn : 'submit';
  const n = clipName(`${verb} ${question || fieldParamName(f, 0)}`);
  return n.length > verb.length ? n : undefined;
}

/** A name or id a person could read (user_email, download-url-input), not one a framework generated (x_1f3a9, ctl00_12). */
const generatedName = (s: string): boolean => !s || /\d{3,}|^[a-z]$|^[a-z0-9]{20,}$|^[a-z]{1,3}_?\d{1,2}$/.test(s);

/** The words of a field's readable id ("download-url-input" → "download url input"), else ''. */
/** The field's id as a param name, when it reads as words (`download_url_input`), else ''. */
const readableId = (f: RawField): string => (generatedName(slug(f.id, 30)) ? '' : slug(f.id, 30));

export const idWords = (f: RawField): string => readableId(f).replace(/_/g, ' ');

/** The field's `name` as a param name when a person could read it (user[email] → email), else ''. */
export function readableName(f: RawField): string {
  const s = slug(
    (f.name.match(/\[([^\]]+)\]$/)?.[1] ?? f.name).replace(/^(ctl\d+|input|field|txt|fld)[_$-]?/i, ''),
    30,
  );
  return generatedName(s) ? '' : s;
}

export function fieldParamName(f: RawField, i: number): string {
  // A readable `name` attribute wins; generated ones (x_1f3a9) lose to the label.
  const fromName = readableName(f);
  if (fromName) return fromName;
  const shortNearby = f.nearby.length <= 40 ? slug(f.nearby, 30) : '';
  return (
    slug(f.label, 30) ||
    shortNearby ||
    slug(f.placeholder, 30) ||
    slug(f.nearby, 30) ||
    fromName ||
    readableId(f) ||
    `field_${i + 1}`
  );
}

/** What setting a field is called: a choice is chosen, a slider or box is set, text is filled in. */
const verbFor = (f: RawField): string =>
  ['select', 'radio', 'checkbox-group'].includes(f.type)
    ? 'choose'
    : ['range', 'checkbox'].includes(f.type)
      ? 'set'
      : 'fill';

/**
 * A form with no button of its own does nothing but take its fields' values: it is named for what
 * it sets ("set_range_input"), never for a heading near it (a section title such as ".trigger()"
 * names a topic, not this form).
 */
function nameFromFields(g: RawGroup): string {
  // A group's own name (a fieldset's legend "Date of Birth", an aria-label) says what the fields
  // are together; the verb is the fields' own when they share it.
  const own = clipName(g.ariaLabel);
  if (own && g.fields.length > 1) {
    const verbs = new Set(g.fields.map(verbFor));
    return `${verbs.size === 1 ? [...verbs][0] : 'fill'}_${own}`;
  }
  const words = g.fields
    .slice(0, 2)
    .map((f, i) =>
      slug(f.label || f.placeholder || (f.nearby.length <= 40 ? f.nearby : '') || fieldParamName(f, i), 20),
    )
    .filter(Boolean);
  const first = g.fields[0];
  // A column of fields named alike (a table's rows) is named once: "fill_i_am_a_node".
  const named = [...new Set(words)];
  return first && named.length ? `${verbFor(first)}_${named.join('_and_')}` : 'submit_form';
}
