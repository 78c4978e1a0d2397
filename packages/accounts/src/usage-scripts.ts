/**
 * Lua scripts for exact usage across gateway replicas: check-and-increment is one atomic
 * script, so N gateways racing on one tenant can never let it past its limit.
 */

/**
 * KEYS[1] usage counter, KEYS[2] today's counter (the dashboard's per-day chart), optional
 * KEYS[3] the reservation's ledger entry. ARGV: n, limit, ttl seconds, day-counter ttl seconds,
 * ledger ttl seconds. Returns {admitted 0|1, used after}.
 *
 * The ledger entry (the actions this reservation still holds) makes refunds idempotent: a
 * refund whose answer was lost (a stalled Redis, a failover) is retried, and a retry of one that
 * had landed, or the cancel of a reservation that never happened, then gives back nothing.
 * A ledger entry that exists before the reservation runs was left by its cancel (REFUND_SCRIPT,
 * SETTLE_SCRIPT):
 * the reservation's answer was given up (a stalled node, a failover) and the client told
 * "nothing billed", yet Redis ran it later (a stalled node resuming, ioredis resending it after
 * a redirection). It then reserves nothing; nobody waits for its answer any more.
 */
export const RESERVE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if KEYS[3] and redis.call('EXISTS', KEYS[3]) == 1 then return {0, used} end
local n = tonumber(ARGV[1])
if used + n > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], n)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
redis.call('INCRBY', KEYS[2], n)
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4]))
if KEYS[3] then redis.call('SET', KEYS[3], n, 'EX', tonumber(ARGV[5])) end
return {1, used}
`;

/**
 * KEYS[1] usage counter, KEYS[2] today's counter, optional KEYS[3] the reservation's ledger
 * entry. ARGV: n, ledger ttl seconds. Gives back n actions — with a ledger entry, at most what
 * the reservation still holds (nothing when it is gone) — never below zero (the day counter too: a refund just after
 * midnight may find less there). Returns used after.
 */
export const REFUND_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = math.min(tonumber(ARGV[1]), used)
if KEYS[3] then
  local entry = redis.call('GET', KEYS[3])
  -- Settled (SETTLE_SCRIPT): the bill is final, a refund arriving late changes nothing.
  if entry and string.sub(entry, 1, 1) == '=' then return used end
  if not entry then
    -- Cancelled before it ran (or already given back in full): a tombstone holding nothing, so a
    -- reservation that runs late reserves nothing (RESERVE_SCRIPT).
    redis.call('SET', KEYS[3], 0, 'EX', tonumber(ARGV[2]))
    return used
  end
  local held = tonumber(entry)
  n = math.min(n, held)
  if n <= 0 then return used end
  if held - n <= 0 then redis.call('DEL', KEYS[3]) else redis.call('DECRBY', KEYS[3], n) end
end
if n <= 0 then return used end
local day = tonumber(redis.call('GET', KEYS[2]) or '0')
if day > 0 then redis.call('DECRBY', KEYS[2], math.min(n, day)) end
return redis.call('DECRBY', KEYS[1], n)
`;

/**
 * KEYS[1] usage counter, KEYS[2] today's counter, KEYS[3] the reservation's ledger entry. ARGV:
 * billed, ledger ttl seconds, usage ttl seconds, day-counter ttl seconds. Returns used after.
 *
 * Sets the reservation's final bill, whatever the datastore kept of the writes before: the
 * counter moves by the difference between \`billed\` and what the ledger says the reservation holds
 * (nothing when the entry is gone), and the entry becomes \`=billed\`, final — a refund or a
 * reservation that runs late (resent after a failover) then changes nothing, and the same
 * settlement run again changes nothing. So it can be run again after a failover to undo what a
 * deposed master acknowledged and then lost: a refund (the counter still holds it) or the
 * reservation itself (the entry is gone while actions were served).
 */
export const SETTLE_SCRIPT = `
local entry = redis.call('GET', KEYS[3]) or '0'
local held = tonumber((string.gsub(entry, '^=', ''))) or 0
local billed = tonumber(ARGV[1])
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if billed > held then
  used = redis.call('INCRBY', KEYS[1], billed - held)
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
  redis.call('INCRBY', KEYS[2], billed - held)
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4]))
elseif held > billed then
  local n = math.min(held - billed, used)
  local day = tonumber(redis.call('GET', KEYS[2]) or '0')
  if day > 0 then redis.call('DECRBY', KEYS[2], math.min(n, day)) end
  if n > 0 then used = redis.call('DECRBY', KEYS[1], n) end
end
redis.call('SET', KEYS[3], '=' .. billed, 'EX', tonumber(ARGV[2]))
return used
`;

/**
 * Per-tenant request rate: a token bucket in one hash, refilled at `rate` tokens per second up to
 * `burst`. The clock is Redis's own (TIME), so replicas with skewed clocks agree.
 * KEYS[1] bucket. ARGV: rate (tokens/s), burst, ttl ms.
 * Returns {allowed 0|1, ms until one token is available (0 when allowed)}.
 */
export const RATE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = burst
  ts = now
end
local elapsed = math.max(0, now - ts)
tokens = math.min(burst, tokens + elapsed * rate / 1000)
local allowed = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = math.ceil((1 - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return {allowed, wait}
`;
