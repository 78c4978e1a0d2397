/**
 * Secrets the model never sees. The developer hands over real values per site; the model only
 * ever reads and writes placeholders such as `{{secret:password}}`. Values are filled in on the
 * way to Pagemap, only for the site they belong to, and masked back into placeholders in
 * everything that goes back to the model.
 */

/** The secrets of one site, by name: `{ username: 'alice', password: '…' }`. */
export type SiteSecrets = Record<string, string>;

/**
 * Either a table by site (`{ 'example.com': { password: '…' } }`: the key matches that host and
 * its subdomains; `host:port` matches that port only), or a function from the page's URL to the
 * secrets of that site (undefined for none), for values kept in a secrets manager.
 */
export type SecretsInput =
  | Record<string, SiteSecrets>
  | ((pageUrl: URL) => SiteSecrets | undefined | Promise<SiteSecrets | undefined>);

/** A refusal to fill a placeholder; it goes back to the model as a tool result. */
export interface SecretRefusal {
  code: 'SECRET_NOT_ALLOWED' | 'UNKNOWN_SECRET';
  message: string;
}

const PLACEHOLDER = /\{\{secret:([A-Za-z0-9_.-]{1,64})\}\}/g;

export const placeholder = (name: string): string => `{{secret:${name}}}`;

/** Whether a value holds a placeholder anywhere (strings, deeply). */
export function hasPlaceholder(value: unknown): boolean {
  let found = false;
  walkStrings(value, (s) => {
    found ||= s.includes('{{secret:');
    return s;
  });
  return found;
}

/** Whether a table key names this page's site: same host (or a subdomain of it), or same host:port. */
function siteMatches(key: string, url: URL): boolean {
  const k = key.toLowerCase();
  if (k.includes(':')) return k === url.host.toLowerCase();
  const host = url.hostname.toLowerCase();
  return host === k || host.endsWith(`.${k}`);
}

export class SecretVault {
  readonly #input: SecretsInput | undefined;
  /** Every value ever handed out or configured, with its name, so it can be masked anywhere. */
  readonly #known = new Map<string, string>();

  constructor(input?: SecretsInput) {
    this.#input = input;
    if (input && typeof input !== 'function')
      for (const site of Object.values(input))
        for (const [name, value] of Object.entries(site)) this.#remember(name, value);
  }

  /** The secrets of the site `pageUrl` is on (an empty object for none). */
  async forPage(pageUrl: string): Promise<SiteSecrets> {
    const url = safeUrl(pageUrl);
    if (!url || !this.#input) return {};
    if (typeof this.#input === 'function') {
      const found = { ...((await this.#input(url)) ?? {}) };
      for (const [name, value] of Object.entries(found)) this.#remember(name, value);
      return found;
    }
    const out: SiteSecrets = {};
    for (const [key, site] of Object.entries(this.#input)) if (siteMatches(key, url)) Object.assign(out, site);
    return out;
  }

  /** Whether a secret of that name exists for some site (to tell "wrong site" from "no such secret"). */
  #existsElsewhere(name: string): boolean {
    if (!this.#input) return false;
    if (typeof this.#input === 'function') return [...this.#known.values()].includes(name);
    return Object.values(this.#input).some((site) => Object.hasOwn(site, name));
  }

  /**
   * Replaces the placeholders in `params` by the real values of the page's site. A placeholder
   * this site has no secret for is refused as a whole: nothing is sent, so a value scoped to one
   * site never reaches another.
   */
  async fill<T extends Record<string, unknown>>(
    params: T,
    pageUrl: string,
  ): Promise<{ params: T } | { refused: SecretRefusal }> {
    const wanted = new Set<string>();
    walkStrings(params, (s) => {
      for (const m of s.matchAll(PLACEHOLDER)) wanted.add(m[1]!);
      return s;
    });
    if (wanted.size === 0) return { params };
    const site = await this.forPage(pageUrl);
    const host = safeUrl(pageUrl)?.host ?? pageUrl;
    for (const name of wanted) {
      if (Object.hasOwn(site, name)) continue;
      return {
        refused: this.#existsElsewhere(name)
          ? {
              code: 'SECRET_NOT_ALLOWED',
              message: `${placeholder(name)} belongs to another site; it is never sent to ${host}. Nothing was run.`,
            }
          : { code: 'UNKNOWN_SECRET', message: `No secret named ${placeholder(name)} exists. Nothing was run.` },
      };
    }
    const filled = walkStrings(params, (s) => s.replace(PLACEHOLDER, (_m, name: string) => site[name]!));
    return { params: filled as T };
  }

  /** `value` with every known secret value replaced by its placeholder (deeply, for objects). */
  mask<T>(value: T): T {
    if (this.#known.size === 0) return value;
    // Longest first, so a value that contains another is masked whole.
    const entries = [...this.#known.entries()].sort((a, b) => b[0].length - a[0].length);
    return walkStrings(value, (s) => {
      let out = s;
      for (const [secret, name] of entries) out = out.split(secret).join(placeholder(name));
      return out;
    });
  }

  #remember(name: string, value: string): void {
    // Empty or one-character values would mask half of every page; they are not masked (nor useful secrets).
    if (value.length >= 2) this.#known.set(value, name);
  }
}

function safeUrl(s: string): URL | undefined {
  try {
    return new URL(s);
  } catch {
    return undefined;
  }
}

/** A deep copy of `value` with `fn` applied to every string in it (keys untouched). */
function walkStrings<T>(value: T, fn: (s: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((v) => walkStrings(v, fn)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walkStrings(v, fn);
    return out as T;
  }
  return value;
}
