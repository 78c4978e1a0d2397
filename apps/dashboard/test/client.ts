/** A tiny HTTP client for the dashboard's security tests: one cookie jar, form posts, CSRF token scraping. */
export class DashboardClient {
  private cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(readonly base: string) {}

  async request(
    method: string,
    path: string,
    opts: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; headers: Headers; text: string }> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const c of this.lastSetCookie) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  /** GETs a page and returns the CSRF token of its first form. */
  async csrf(path: string): Promise<string> {
    const page = await this.request('GET', path);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path} (status ${page.status})`);
    return token;
  }

  async signIn(email: string, password: string): Promise<number> {
    const token = await this.csrf('/signin');
    return (await this.request('POST', '/signin', { form: { _csrf: token, email, password } })).status;
  }
}
