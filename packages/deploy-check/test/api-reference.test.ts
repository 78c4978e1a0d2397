/**
 * The API reference (docs/api.md) and the OpenAPI document (docs/openapi.json) describe the same
 * API: every operation, every status it answers and every error code of a status is in both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiFacts, referenceDrift } from '../src/api-reference';
import { DOCS_DIR, OPENAPI_FILE } from '../src/paths';

const reference = readFileSync(join(DOCS_DIR, 'api.md'), 'utf8');
const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));

test('docs/api.md lists every operation, status and error code of docs/openapi.json, and no other', () => {
  expect(openApiFacts(doc).length).toBeGreaterThan(40);
  expect(referenceDrift(reference, doc)).toEqual({ missing: [], extra: [] });
});

test('the comparison notices a code dropped from the reference and one it invents', () => {
  const dropped = reference.replace(
    '| 404 | `SESSION_NOT_FOUND` | the session is unknown, already closed',
    '| 404 | | x',
  );
  expect(referenceDrift(dropped, doc).missing).toEqual(['DELETE /v1/session/{id} 404 SESSION_NOT_FOUND']);
  const invented = reference.replace(
    '| 401 | `UNAUTHORIZED` | no valid key or token |',
    '| 401 | `UNAUTHORIZED`, `NO_SUCH` | x |',
  );
  expect(referenceDrift(invented, doc).extra).toEqual(['POST /v1/browse 401 NO_SUCH']);
});
