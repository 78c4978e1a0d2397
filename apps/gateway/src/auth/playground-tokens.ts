/** Playground tokens live in @pagemap/accounts (the admin CLI mints them too); re-exported for the gateway. */
export {
  PLAYGROUND_TOKEN_TTL_S,
  looksLikeJwt,
  mintPlaygroundToken,
  verifyPlaygroundToken,
  type PlaygroundClaims,
} from '@pagemap/accounts';
