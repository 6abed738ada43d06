-- wrk script for bench/trading-orders.ts: market margin orders (`POST /swx/customer/order/buyU`) from many
-- customers, each request a distinct form (the same form from the same customer within 10 s is a repeat).
-- Environment: BENCH_TOKENS_FILE (one bearer token per line), BENCH_VIRTUALLY (YES for real, NO for demo),
-- BENCH_LEVERAGE, BENCH_ROUND (0 for the warm-up, 1 for the measured run).

local threads = {}
local counter = 1

function setup(thread)
  -- BENCH_ROUND keeps the warm-up's forms apart from the measured run's.
  thread:set("id", counter + 100 * (tonumber(os.getenv("BENCH_ROUND")) or 0))
  table.insert(threads, thread)
  counter = counter + 1
end

function init(args)
  tokens = {}
  for line in io.lines(os.getenv("BENCH_TOKENS_FILE")) do
    if #line > 0 then table.insert(tokens, line) end
  end
  virtually = os.getenv("BENCH_VIRTUALLY") or "NO"
  leverage = os.getenv("BENCH_LEVERAGE") or "10"
  n = 0
  counts = {}
end

function request()
  n = n + 1
  local t = (n + id) % #tokens + 1
  local token = tokens[t]
  -- Each customer's forms are distinct for 500 orders in a row (the same form within 10 s is a repeat): lots
  -- 0.0001 to 0.0250, a multiple of BTCUSDT's size step (market_order_limits), long then short. The measured
  -- run starts 200 forms further on than the warm-up, so its first forms repeat none of the warm-up's.
  local c = (counts[t] or 0) + 200 * (tonumber(os.getenv("BENCH_ROUND")) or 0)
  counts[t] = (counts[t] or 0) + 1
  local lots = string.format("%.4f", (1 + c % 250) / 10000)
  local direction = (math.floor(c / 250) % 2 == 0) and "long" or "short"
  local body = '{"code":"BTCUSDT","direction":"' .. direction .. '","lots":"' .. lots ..
    '","leverage":' .. leverage .. ',"orderType":"market"}'
  return wrk.format("POST", "/swx/customer/order/buyU", {
    ["content-type"] = "application/json",
    ["authorization"] = "Bearer " .. token,
    ["virtually"] = virtually,
  }, body)
end

function done(summary, latency, requests)
  local non2xx = summary.errors.status
  io.write(string.format(
    '{"requests":%d,"durationS":%.3f,"non2xx":%d,"errors":%d,"perSecond":%.1f,' ..
    '"latencyMs":{"p50":%.2f,"p90":%.2f,"p99":%.2f,"max":%.2f}}\n',
    summary.requests, summary.duration / 1e6, non2xx,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000))
end
