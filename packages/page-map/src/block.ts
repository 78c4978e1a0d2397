/**
 * Block detection: is this page a bot-verification challenge or an access-denied page served
 * instead of content? Pure function over what the extractor saw (title, visible text, the first
 * part of the markup, the HTTP status), so it is testable on frozen HTML.
 *
 * A CAPTCHA widget on a normal login form is NOT a site block: that is CAPTCHA_REQUIRED at login
 * time. So widget markers alone (g-recaptcha, h-captcha, cf-turnstile) never make a block; the
 * vendor rules below look for the interstitial pages themselves.
 */
import type { BlockSignal } from './types';

export interface BlockInput {
  /** HTTP status of the main document, when known. */
  status?: number;
  title: string;
  /** Visible text of the page (bounded; the first few KB are enough). */
  text: string;
  /** Markup, or its first ~30 KB. */
  html?: string;
}

interface Rule {
  vendor: string;
  kind: BlockSignal['kind'];
  test: (i: { title: string; text: string; html: string; status: number; short: boolean }) => boolean;
}

const RULES: Rule[] = [
  // Cloudflare: the managed/JS challenge interstitial ("Just a moment...", _cf_chl_opt, cf-chl-*).
  {
    vendor: 'cloudflare',
    kind: 'access_denied',
    test: (i) =>
      /attention required! \| cloudflare|sorry, you have been blocked/i.test(i.title + ' ' + i.text) &&
      /cloudflare/i.test(i.text + i.html) &&
      /blocked/i.test(i.text),
  },
  {
    vendor: 'cloudflare',
    kind: 'challenge',
    test: (i) =>
      /_cf_chl_opt|cf-chl-|cf_chl_|id="challenge-form"|cdn-cgi\/challenge-platform\/h\//i.test(i.html) ||
      (/^just a moment\.*$/i.test(i.title.trim()) && (i.short || /cloudflare|checking/i.test(i.text + i.html))) ||
      /checking (if the site connection is secure|your browser before accessing)/i.test(i.text) ||
      /attention required! \| cloudflare/i.test(i.title),
  },
  // PerimeterX / HUMAN: "Press & Hold", #px-captcha, captcha.px-cdn.net.
  {
    vendor: 'perimeterx',
    kind: 'challenge',
    test: (i) =>
      /id=["']?px-captcha|captcha\.px-cdn\.net|_pxAppId|px-cloud\.net|perimeterx/i.test(i.html) ||
      (/press (&|&amp;|and) hold/i.test(i.text) && /human/i.test(i.text)),
  },
  // DataDome: the captcha-delivery.com interstitial.
  {
    vendor: 'datadome',
    kind: 'challenge',
    test: (i) => /captcha-delivery\.com|geo\.captcha-delivery|ct\.captcha-delivery|datadome/i.test(i.html) && i.short,
  },
  // Imperva / Incapsula.
  {
    vendor: 'imperva',
    kind: 'challenge',
    test: (i) =>
      /_Incapsula_Resource|incapsula incident id|\/_Incapsula_|imperva/i.test(i.html + ' ' + i.text) && i.short,
  },
  // Akamai Bot Manager challenge, then Akamai's edge "Access Denied" (Reference #18.xxxx).
  {
    vendor: 'akamai',
    kind: 'challenge',
    test: (i) =>
      /\/_sec\/cp_challenge|sec-if-cpt-container|ak-challenge|bm-verify|akamai bot manager/i.test(i.html) && i.short,
  },
  {
    vendor: 'akamai',
    kind: 'access_denied',
    test: (i) =>
      /access denied/i.test(i.title + ' ' + i.text) &&
      /you don'?t have permission to access/i.test(i.text) &&
      /reference\s*#\s*\d/i.test(i.text),
  },
  // AWS WAF challenge/captcha.
  {
    vendor: 'aws-waf',
    kind: 'challenge',
    test: (i) => /awswaf|AwsWafIntegration|gokuProps|aws-waf-token/i.test(i.html) && i.short,
  },
  // Sucuri firewall.
  {
    vendor: 'sucuri',
    kind: 'access_denied',
    test: (i) =>
      /sucuri website firewall/i.test(i.title + ' ' + i.text) && /access denied|blocked/i.test(i.title + ' ' + i.text),
  },
  // Generic interstitial: a short page, no sign-in form, that only asks to prove you are human.
  {
    vendor: 'generic',
    kind: 'challenge',
    test: (i) =>
      i.short &&
      !/type=["']?password/i.test(i.html) &&
      /verify(ing)? (that )?you are (a )?human|checking your browser|are you a robot\??|complete the security check|unusual traffic from your (computer|network)|prove you('| a)re (not a robot|human)|bot (check|verification)|human verification/i.test(
        `${i.title} ${i.text}`,
      ),
  },
];

const DENIAL =
  /access (is )?denied|forbidden|you (do not|don'?t) have (permission|access)|not (authorized|permitted|allowed) to (access|view)|(you have been|you've been|has been|are|were) blocked|request (was )?(blocked|rejected|denied)|error 403|unauthori[sz]ed access|permission denied/i;

export function detectBlock(input: BlockInput): BlockSignal | null {
  const title = input.title ?? '';
  const text = (input.text ?? '').slice(0, 5000);
  const html = (input.html ?? '').slice(0, 60000);
  const status = input.status ?? 0;
  // Interstitials are small: little text. Content pages that merely load a vendor's script are not blocks.
  const short = text.length < 1500;
  const ctx = { title, text, html, status, short };
  for (const r of RULES) if (r.test(ctx)) return { kind: r.kind, vendor: r.vendor };
  if ((status === 403 || status === 401 || status === 451) && DENIAL.test(`${title} ${text.slice(0, 1000)}`))
    return { kind: 'access_denied', vendor: `http-${status}` };
  if (status === 429 && /too many requests|rate limit|slow down/i.test(`${title} ${text}`))
    return { kind: 'access_denied', vendor: 'http-429' };
  if (
    short &&
    /^(access denied|403 forbidden|forbidden|you have been blocked|request blocked|error 403)\b/i.test(title.trim())
  )
    return { kind: 'access_denied', vendor: status ? `http-${status}` : 'generic' };
  return null;
}
