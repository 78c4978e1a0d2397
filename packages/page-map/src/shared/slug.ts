/**
 * The one snake_case rule for names and identities, used by the Node side (tool and param names)
 * and bundled into the page script (field keys, form signatures, button keys). camelCase splits
 * into words (signIn → sign_in) and a cut never leaves a trailing underscore. NFKD splits an accented
 * letter from its mark and the mark then separates words (Crème → cre_me); tool names depend on that.
 */
export function slug(s: string, max = 40): string {
  return s
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
}

/**
 * An identity for a label snake_case cannot spell (Japanese, Chinese, Arabic, ...: its slug is
 * empty): `u` and an FNV-1a hash of its text, so such a control still has a stable key of its own.
 */
export function labelKey(s: string): string {
  let h = 0x811c9dc5;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return `u${h.toString(36)}`;
}
