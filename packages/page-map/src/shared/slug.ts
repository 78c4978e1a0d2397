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
