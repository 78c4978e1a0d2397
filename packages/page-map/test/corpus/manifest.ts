/**
 * The corpus: fixture-site pages plus frozen HTML pages in this folder, each with what it must
 * and must not yield. `login` / `search` are the ground truth for precision/recall.
 */
export interface CorpusPage {
  /** Path on the fixture site (`site`) or file in this folder (`corpus`). */
  path: string;
  source: 'site' | 'corpus';
  login: boolean;
  search: boolean;
  /** Tool names the page must yield. */
  must?: string[];
  /** Tool names it must not yield. */
  mustNot?: string[];
  /** Expected block kind, when the page is a block. */
  block?: 'challenge' | 'access_denied';
}

const site = (path: string, login: boolean, search: boolean, extra: Partial<CorpusPage> = {}): CorpusPage => ({
  path,
  source: 'site',
  login,
  search,
  ...extra,
});
const corpus = (path: string, login: boolean, search: boolean, extra: Partial<CorpusPage> = {}): CorpusPage => ({
  path,
  source: 'corpus',
  login,
  search,
  ...extra,
});

export const CORPUS: CorpusPage[] = [
  site('/index.html', false, false),
  site('/login.html', true, false),
  site('/search.html', false, true),
  site('/article.html', false, false),
  site('/links.html', false, false),
  site('/login-two-step.html', true, false, { mustNot: ['sign_up'] }),
  site('/login-password-only.html', true, false),
  site('/login-captcha.html', true, false),
  site('/login-hcaptcha.html', true, false),
  site('/login-otp.html', true, false),
  site('/login-approve.html', true, false),
  site('/login-newdevice.html', true, false),
  site('/signup.html', false, false, { must: ['sign_up'] }),
  site('/form.html', false, false, { must: ['subscribe'] }),
  site('/multi-form.html', false, true, { must: ['add_to_cart', 'contact', 'subscribe', 'load_more_reviews'] }),
  site('/div-login.html', true, false),
  site('/shadow.html', false, true, { must: ['subscribe'] }),
  site('/iframe.html', false, false, { must: ['send_feedback'] }),
  site('/spa.html', false, false, { must: ['add_task', 'refresh_list', 'archive_list'] }),
  site('/webmcp.html', false, false, { must: ['book_table', 'add_to_wishlist'] }),
  site('/big-article.html', false, true),
  site('/challenge-cloudflare.html', false, false, { block: 'challenge' }),
  site('/challenge-akamai.html', false, false, { block: 'challenge' }),
  site('/challenge-perimeterx.html', false, false, { block: 'challenge' }),
  site('/challenge-datadome.html', false, false, { block: 'challenge' }),
  site('/challenge-imperva.html', false, false, { block: 'challenge' }),
  site('/challenge-generic.html', false, false, { block: 'challenge' }),
  site('/access-denied.html', false, false, { block: 'access_denied' }),
  corpus('/gh-login.html', true, false),
  corpus('/wp-login.html', true, false),
  corpus('/idp-identifier.html', true, false),
  corpus('/bank-userid.html', true, false),
  corpus('/shop-product.html', false, true, { must: ['add_to_cart'] }),
  corpus('/wiki-article.html', false, true),
  corpus('/news-home.html', false, true, { must: ['subscribe'] }),
  corpus('/forgot-password.html', false, false, { must: ['reset_password'] }),
  corpus('/checkout.html', false, false, { must: ['checkout'] }),
  corpus('/forum-header-login.html', true, true),
  corpus('/register.html', false, false, { must: ['sign_up'] }),
  corpus('/change-password.html', false, false, { must: ['change_password'] }),
  corpus('/blog-comment.html', false, false, { must: ['post_comment'] }),
  corpus('/listing-filters.html', false, false, { must: ['filter'] }),
  corpus('/contact-page.html', false, false, { must: ['contact'] }),
  corpus('/newsletter-signup.html', false, false),
  corpus('/search-widget.html', false, true),
  corpus('/email-signin.html', true, false),
  corpus('/cart-coupon.html', false, false, { must: ['apply_coupon'], mustNot: ['verify_code'] }),
  corpus('/docs-page.html', false, false),
];
