/** Every route of the gateway, one file each. */
import browsePost from './browse.post';
import sessionDelete from './session.delete';
import usageGet from './usage.get';
import healthGet from './health.get';
import metricsGet from './metrics.get';
import playgroundTokensPost from './playground-tokens.post';
import billingPortalGet from './billing-portal.get';
import openapiGet from './openapi.get';

export const ROUTES = [
  browsePost,
  sessionDelete,
  usageGet,
  billingPortalGet,
  playgroundTokensPost,
  healthGet,
  metricsGet,
  openapiGet,
] as const;
