/**
 * Lua for the billing state a payment provider's webhooks write into the tenant's hash (one slot).
 * Each is a compare-and-set on the event's creation time, so an event older than the one already
 * applied changes nothing (out-of-order delivery: the latest state wins).
 */

/**
 * KEYS[1] tenant hash. ARGV: event created (s), subscription id, status, plan id, period start
 * (ISO), '1' when the status ends the subscription, event time (ISO).
 * Returns 1 when applied, 0 when older than the state held or about another subscription's end.
 */
export const APPLY_SUBSCRIPTION_SCRIPT = `
local at = tonumber(redis.call('HGET', KEYS[1], 'sub_at') or '-1')
if tonumber(ARGV[1]) < at then return 0 end
local cur = redis.call('HGET', KEYS[1], 'sub_id')
if ARGV[6] == '1' then
  if cur and cur ~= '' and cur ~= ARGV[2] then return 0 end
  redis.call('HSET', KEYS[1], 'sub_at', ARGV[1], 'sub_id', ARGV[2], 'sub_status', ARGV[3],
    'plan', 'free', 'anchor', ARGV[7], 'subscription', '0')
  return 1
end
local anchor = ARGV[5]
if cur == ARGV[2] and redis.call('HGET', KEYS[1], 'subscription') == '1' then
  local held = redis.call('HGET', KEYS[1], 'anchor') or ''
  if held > anchor then anchor = held end
end
if redis.call('HGET', KEYS[1], 'invoice_sub') == ARGV[2] then
  local paid = redis.call('HGET', KEYS[1], 'invoice_period_start') or ''
  if paid > anchor then anchor = paid end
end
redis.call('HSET', KEYS[1], 'sub_at', ARGV[1], 'sub_id', ARGV[2], 'sub_status', ARGV[3],
  'plan', ARGV[4], 'anchor', anchor, 'subscription', '1')
return 1
`;

/**
 * KEYS[1] tenant hash. ARGV: subscription id, invoice period start (ISO). The period of a paid
 * plan starts at its latest paid invoice's period start; remembered for a subscription whose own
 * event has not arrived yet. Clears a payment failure. Returns 1 when the anchor moved.
 */
export const INVOICE_PAID_SCRIPT = `
local held = redis.call('HGET', KEYS[1], 'invoice_period_start') or ''
if redis.call('HGET', KEYS[1], 'invoice_sub') ~= ARGV[1] or held < ARGV[2] then
  redis.call('HSET', KEYS[1], 'invoice_sub', ARGV[1], 'invoice_period_start', ARGV[2])
end
if redis.call('HGET', KEYS[1], 'sub_id') ~= ARGV[1] then return 0 end
redis.call('HDEL', KEYS[1], 'payment_failed_at')
if redis.call('HGET', KEYS[1], 'subscription') ~= '1' then return 0 end
if (redis.call('HGET', KEYS[1], 'anchor') or '') < ARGV[2] then
  redis.call('HSET', KEYS[1], 'anchor', ARGV[2])
  return 1
end
return 0
`;

/** KEYS[1] verification hash. ARGV: event created (s), then field/value pairs. 0 when older than the card held. */
export const RECORD_CARD_SCRIPT = `
local at = tonumber(redis.call('HGET', KEYS[1], 'card_at') or '-1')
if tonumber(ARGV[1]) < at then return 0 end
redis.call('HSET', KEYS[1], 'card_at', ARGV[1])
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1
`;

/** KEYS[1] tenant hash. ARGV: now (ISO). Starts the trial once per account, from Free only. */
export const START_TRIAL_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], 'id') == 0 then return 'missing' end
if redis.call('HEXISTS', KEYS[1], 'trial_started_at') == 1 then return 'used' end
if redis.call('HGET', KEYS[1], 'plan') ~= 'free' then return 'not_free' end
redis.call('HSET', KEYS[1], 'trial_started_at', ARGV[1], 'plan', 'builder_trial', 'anchor', ARGV[1], 'subscription', '0')
return 'started'
`;
