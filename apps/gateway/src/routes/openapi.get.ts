/** GET /v1/openapi.json — the OpenAPI 3.1 document, generated from @pagemap/contracts. Public. */
import { openApiDocument } from '@pagemap/contracts';
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'get',
  path: '/v1/openapi.json',
  access: 'public',
  async handler({ res }) {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.status(200).json(openApiDocument());
  },
});
