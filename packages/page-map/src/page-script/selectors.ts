/** CSS selectors and tag sets the page script's modules share. */

/** Anything that looks like a CAPTCHA (widgets, their iframes and response fields, captcha-named nodes). */
export const CAPTCHA_SEL =
  '.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey],iframe[src*="recaptcha"],iframe[src*="hcaptcha"],iframe[src*="challenges.cloudflare.com"],iframe[title*="captcha" i],textarea[name="g-recaptcha-response"],textarea[name="h-captcha-response"],input[name*="captcha" i],img[src*="captcha" i],[id*="captcha" i],[class*="captcha" i]';
/** A CAPTCHA actually present: the narrower set the signals report. */
export const CAPTCHA_PRESENT_SEL =
  '.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey],iframe[src*="recaptcha"],iframe[src*="hcaptcha"],iframe[src*="challenges.cloudflare.com"],textarea[name="g-recaptcha-response"],textarea[name="h-captcha-response"]';
/** A CAPTCHA widget: its own checkbox is not a parameter. */
export const CAPTCHA_WIDGET = '.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey]';
export const BUTTON_SEL = 'button,input[type=submit],input[type=button],input[type=image],[role=button]';
export const FIELD_SEL = 'input,select,textarea,[contenteditable]';
export const SKIP_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'image', 'reset']);
export const BLOCK_TAGS = new Set([
  'P',
  'DIV',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'BLOCKQUOTE',
  'PRE',
  'TD',
  'TH',
  'DT',
  'DD',
  'FIGCAPTION',
  'TR',
  'BUTTON',
  'UL',
  'OL',
  'TABLE',
  'FORM',
  'FIELDSET',
  'LEGEND',
  'LABEL',
  'BODY',
  'HEADER',
  'FOOTER',
  'NAV',
  'ASIDE',
  'BR',
]);
/** Never main content. */
export const NOT_CONTENT =
  'nav,header,footer,aside,script,style,noscript,template,svg,[role=navigation],[role=banner],[role=contentinfo],[role=complementary],[aria-hidden=true],[hidden],dialog:not([open]),select,datalist';
/** Cookie / consent banners. */
export const BANNER =
  '[id*="cookie" i],[class*="cookie" i],[id*="consent" i],[class*="consent" i],[aria-label*="cookie" i],[class*="gdpr" i]';

/**
 * A composite widget's container (a tree, a grid, a listbox): a listener on it serves its items,
 * so the container itself is never what is hovered or edited (jsTree's trees listen for
 * double-clicks and hovers on their container: each tree was an edit_text and a hover target
 * named by its first node).
 */
export const COMPOSITE = '[role=tree],[role=treegrid],[role=grid],[role=listbox]';
