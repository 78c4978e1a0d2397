/** Request limits of the API; docs/api.md#limits states them. */
export const LIMITS = {
  /** Largest request body, in bytes; larger answers 413 PAYLOAD_TOO_LARGE. */
  maxBodyBytes: 100 * 1024,
  /** Most tools in one `tools` batch. */
  maxBatchTools: 20,
  /** Longest `url`, in characters. */
  maxUrlLength: 8192,
  /** Session ids are 22+ URL-safe characters (128+ random bits); anything longer is not one of ours. */
  maxSessionIdLength: 64,
} as const;
