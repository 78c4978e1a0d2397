/** Every route of the gateway, one file each. */
import browsePost from './browse.post';
import sessionDelete from './session.delete';
import usageGet from './usage.get';
import healthGet from './health.get';
import metricsGet from './metrics.get';
import playgroundTokensPost from './playground-tokens.post';

export const ROUTES = [browsePost, sessionDelete, usageGet, playgroundTokensPost, healthGet, metricsGet] as const;
