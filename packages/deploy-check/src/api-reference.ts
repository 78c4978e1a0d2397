/**
 * docs/api.md against docs/openapi.json: the reference has one `### \`METHOD /path\`` section per
 * operation, and in it a status table (`| status | error codes | when |`) listing each status the
 * operation answers with the error codes that come with it. Both sides are reduced to lines
 * "METHOD /path status CODE" (or "METHOD /path status" for a status without codes), so a
 * difference reads as what one side has and the other lacks.
 */

type OpenApi = {
  paths: Record<string, Record<string, { responses?: Record<string, { 'x-error-codes'?: string[] }> }>>;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation, status and error code of the OpenAPI document. */
export function openApiFacts(doc: OpenApi): string[] {
  const facts: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const op = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const codes = response['x-error-codes'] ?? [];
        if (codes.length === 0) facts.push(`${op} ${status}`);
        for (const code of codes) facts.push(`${op} ${status} ${code}`);
      }
    }
  }
  return facts.sort();
}

/** Every operation, status and error code the reference's endpoint sections list. */
export function referenceFacts(markdown: string): string[] {
  const facts: string[] = [];
  const sections = markdown.split(/^(?=#{2,3} )/m);
  for (const section of sections) {
    const heading = /^### `([A-Z]+) (\/\S*)`\s*$/m.exec(section.split('\n', 1)[0] ?? '');
    if (!heading) continue;
    const op = `${heading[1]} ${heading[2]}`;
    const rows = [...section.matchAll(/^\| (\d{3}) \|([^|]*)\|/gm)];
    if (rows.length === 0) facts.push(`${op} (no status table)`);
    for (const [, status, codesCell] of rows) {
      const codes = [...(codesCell ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]);
      if (codes.length === 0) facts.push(`${op} ${status}`);
      for (const code of codes) facts.push(`${op} ${status} ${code}`);
    }
  }
  return facts.sort();
}

/** What the reference lacks and what it has that the document does not. */
export function referenceDrift(markdown: string, doc: OpenApi): { missing: string[]; extra: string[] } {
  const documented = new Set(openApiFacts(doc));
  const referenced = new Set(referenceFacts(markdown));
  return {
    missing: [...documented].filter((f) => !referenced.has(f)),
    extra: [...referenced].filter((f) => !documented.has(f)),
  };
}
