/**
 * Lua scripts for exact usage across gateway replicas: check-and-increment is one atomic
 * script, so N gateways racing on one tenant can never let it past its limit.
 */

/** KEYS[1] usage counter. ARGV: n, limit, ttl seconds. Returns {admitted 0|1, used after}. */
export const RESERVE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1])
if used + n > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], n)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return {1, used}
`;

/** KEYS[1] usage counter. ARGV: n. Gives back n actions, never below zero. Returns used after. */
export const REFUND_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = math.min(tonumber(ARGV[1]), used)
if n <= 0 then return used end
return redis.call('DECRBY', KEYS[1], n)
`;
