/**
 * The other form targets of the fixture site: they echo the field NAMES (never values) so tests
 * can see what was submitted.
 */
import { escapeHtml, type FixtureRoutes, html, page } from '../fixture-http';

export function addFormRoutes(routes: FixtureRoutes): void {
  for (const path of ['/subscribe', '/contact', '/cart', '/feedback', '/book', '/signup']) {
    routes.set(`POST ${path}`, (_req, res, _url, body) => {
      const f = new URLSearchParams(body);
      const filled = [...f.keys()].filter((k) => f.get(k)).sort();
      html(
        res,
        200,
        page(
          `Thanks — ${path.slice(1)}`,
          `<h1>Thank you</h1><p id="fields">${escapeHtml(filled.join(','))}</p>${path === '/book' ? `<p id="party">${escapeHtml(f.get('party_size') ?? '')}</p>` : ''}${path === '/cart' ? `<p id="cart">${escapeHtml(`${f.get('size')}/${f.get('quantity')}/${f.get('grind')}`)}</p>` : ''}`,
        ),
      );
    });
  }
}
