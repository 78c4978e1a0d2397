/**
 * Usage: the current period with its basis and limit (the same numbers GET /v1/usage answers) and
 * actions per day as a bar chart, drawn server-side as SVG (no script, nothing for the CSP to allow).
 */
import { html, type Html } from './html';
import { page, type PageOptions } from './layout';

export interface UsageView {
  plan: string;
  used: number;
  limit: number;
  period: { start: string; end: string; basis: string };
  days: Array<{ day: string; actions: number }>;
}

const BASIS: Record<string, string> = {
  calendar_month: 'calendar month (Free plan)',
  billing_anniversary: 'billing anniversary (paid plan)',
  trial_window: '14-day trial window',
};

export function usageSummary(u: UsageView): Html {
  const pct = u.limit > 0 ? Math.min(100, Math.round((u.used / u.limit) * 100)) : 100;
  return html`<dl class="facts">
  <dt>Plan</dt><dd id="usage-plan">${u.plan}</dd>
  <dt>Actions used</dt><dd><span id="usage-used">${u.used}</span> of <span id="usage-limit">${u.limit}</span> (${pct}%)</dd>
  <dt>Period</dt><dd><time datetime="${u.period.start}">${u.period.start.slice(0, 10)}</time> to <time datetime="${u.period.end}">${u.period.end.slice(0, 10)}</time></dd>
  <dt>Period basis</dt><dd id="usage-basis" data-basis="${u.period.basis}">${BASIS[u.period.basis] ?? u.period.basis}</dd>
</dl>
<progress max="${u.limit}" value="${Math.min(u.used, u.limit)}" aria-label="Actions used in this period">${pct}%</progress>`;
}

function chart(days: UsageView['days']): Html {
  const w = 640;
  const h = 160;
  const max = Math.max(1, ...days.map((d) => d.actions));
  const bw = w / Math.max(1, days.length);
  const bars = days.map((d, i) => {
    const bh = Math.round((d.actions / max) * (h - 20));
    return html`<g><title>${d.day}: ${d.actions} actions</title><rect x="${(i * bw + 1).toFixed(1)}" y="${h - bh}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${bh}" class="bar" data-day="${d.day}" data-actions="${d.actions}"></rect></g>`;
  });
  return html`<figure>
<svg viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-labelledby="chart-title"><title id="chart-title">Actions per day in this period (highest ${max})</title>${bars}</svg>
<figcaption>Actions per day (UTC), highest day ${max}. First day ${days[0]?.day ?? ''}, last ${days.at(-1)?.day ?? ''}.</figcaption>
</figure>`;
}

export function usagePage(o: { frame: Omit<PageOptions, 'title' | 'active'>; usage: UsageView }): string {
  return page(
    { ...o.frame, title: 'Usage', active: 'usage' },
    html`<h1>Usage</h1>
<section class="card">${usageSummary(o.usage)}</section>
<section class="card">${chart(o.usage.days)}
<table class="days"><caption>Actions per day</caption><thead><tr><th>Day</th><th>Actions</th></tr></thead>
<tbody>${o.usage.days.filter((d) => d.actions > 0).map((d) => html`<tr><td>${d.day}</td><td>${d.actions}</td></tr>`)}</tbody></table>
</section>`,
  );
}

export function overviewPage(o: {
  frame: Omit<PageOptions, 'title' | 'active'>;
  usage: UsageView;
  keyCount: number;
  loginAutomation: boolean;
  apiUrl: string;
}): string {
  return page(
    { ...o.frame, title: 'Overview', active: 'overview' },
    html`<h1>Overview</h1>
<section class="card">${usageSummary(o.usage)}</section>
<section class="card">
<p>API: <code>${o.apiUrl}</code></p>
<p>${o.keyCount} active API key(s). <a href="/keys">Manage API keys</a></p>
<p>Login automation: <strong>${o.loginAutomation ? 'enabled' : 'off'}</strong>. <a href="/billing">Billing and login automation</a></p>
<p>Try the API in the browser: <a href="/docs/playground.html">the playground</a>.</p>
</section>`,
  );
}
