/**
 * Lua that adds one batch's login attempts to a tenant's per-site, per-hour signals and suspends
 * login automation when a threshold is crossed — in one step, so concurrent workers agree on the
 * count and only one of them writes the suspension and its audit record. Every key carries the
 * tenant's hash tag (one Redis Cluster slot).
 *
 * KEYS: [1] signals hash, [2] set of username hashes, [3] tenant hash, [4] audit list,
 * [5] set of the tenant's signal keys (cleared on reinstatement).
 *
 * The usernames are an exact set, not a HyperLogLog: HyperLogLog counts two names that share a
 * register once (measured: 6 names counted as 5 in about 1 of 1000 hours), so the threshold would
 * sometimes be crossed one attempt late. The set stays small: the attempt volume threshold bounds it.
 * ARGV: [1] attempts, [2] rejected, [3] CAPTCHA/block hits, [4] TTL s, [5] username threshold,
 * [6] rejected share, [7] attempts before the share is judged, [8] block threshold,
 * [9] attempt volume, [10] now (ISO), [11] site, [12…] username hashes.
 * Returns {suspended 0|1, attempts, rejected, blocks, usernames, reason?}.
 */
export const RECORD_LOGIN_ATTEMPTS_SCRIPT = `
local a = redis.call('HINCRBY', KEYS[1], 'attempts', ARGV[1])
local r = redis.call('HINCRBY', KEYS[1], 'rejected', ARGV[2])
local b = redis.call('HINCRBY', KEYS[1], 'blocks', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('SADD', KEYS[5], KEYS[1], KEYS[2])
redis.call('EXPIRE', KEYS[5], ARGV[4])
if #ARGV >= 12 then
  redis.call('SADD', KEYS[2], unpack(ARGV, 12))
  redis.call('EXPIRE', KEYS[2], ARGV[4])
end
local u = redis.call('SCARD', KEYS[2])
local share = 0
if a > 0 then share = r / a end
local reason = false
if u >= tonumber(ARGV[5]) and share >= tonumber(ARGV[6]) then reason = 'many_usernames_rejected'
elseif a >= tonumber(ARGV[7]) and share >= tonumber(ARGV[6]) then reason = 'rejected_share'
elseif b >= tonumber(ARGV[8]) then reason = 'captcha_or_block_hits'
elseif a >= tonumber(ARGV[9]) then reason = 'attempt_volume' end
if not reason then return {0, a, r, b, u} end
if redis.call('HSETNX', KEYS[3], 'login_suspended_at', ARGV[10]) == 0 then return {0, a, r, b, u} end
redis.call('HSET', KEYS[3], 'login_suspended_reason', reason, 'login_suspended_site', ARGV[11])
redis.call('LPUSH', KEYS[4], cjson.encode({ at = ARGV[10], action = 'suspended', by = 'automatic',
  reason = reason, site = ARGV[11], attempts = a, rejected = r, blocks = b, usernames = u }))
redis.call('LTRIM', KEYS[4], 0, 199)
return {1, a, r, b, u, reason}
`;
