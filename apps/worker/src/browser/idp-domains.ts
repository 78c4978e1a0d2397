/**
 * Dedicated identity-provider / single-sign-on domains of the large providers (docs/api.md#login-pages):
 * refused with DOMAIN_BLOCKED unless the tenant's login automation is enabled. Sites that
 * render their own login form are not on this list. Operators replace it with
 * PAGEMAP_IDP_DOMAINS; an entry `example.com` covers the domain and its subdomains.
 */
export const DEFAULT_IDP_DOMAINS = [
  'accounts.google.com',
  'accounts.youtube.com',
  'login.microsoftonline.com',
  'login.microsoft.com',
  'login.live.com',
  'login.windows.net',
  'appleid.apple.com',
  'idmsa.apple.com',
  'account.apple.com',
  'okta.com',
  'oktapreview.com',
  'okta-emea.com',
  'auth0.com',
  'onelogin.com',
  'login.yahoo.com',
  'signin.aws.amazon.com',
  'login.salesforce.com',
  'duosecurity.com',
  'pingidentity.com',
  'login.gov',
];

export class IdpPolicy {
  readonly #domains: string[];

  constructor(domains: string[]) {
    this.#domains = (domains.length ? domains : DEFAULT_IDP_DOMAINS).map((d) => d.toLowerCase().replace(/^\*?\./, ''));
  }

  /** Whether `url` is on a dedicated identity-provider domain. */
  isIdentityProvider(url: string): boolean {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    } catch {
      return false;
    }
    return this.#domains.some((d) => host === d || host.endsWith(`.${d}`));
  }
}
