-- Prints one machine-readable line after wrk's own report.
done = function(summary, latency, requests)
  local secs = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('QUIRE_BENCH {"rps":%f,"p50":%f,"p99":%f,"requests":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests / secs, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, summary.errors.status, errors))
end
