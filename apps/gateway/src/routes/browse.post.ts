/**
 * POST /v1/browse — open a page in a new session (`url`) or resume one (`session_id`), run the
 * requested tool or batch, answer with the page map. The steps (ownership, slots, billing,
 * dispatch) are in browse/flow.ts.
 */
import { BrowseRequest } from '@pagemap/contracts';
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'post',
  path: '/v1/browse',
  access: 'any',
  body: BrowseRequest,
  async handler({ res, body, principal, services, requestId }) {
    const { response, cache } = await services.browse.run({ res, body, principal, requestId });
    res.setHeader('X-Cache', cache);
    res.status(200).json(response);
  },
});
