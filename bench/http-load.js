#!/usr/bin/env node
// A small HTTP load loop standing in for wrk where wrk is not installed (smoke runs only: its
// figures are not comparable with wrk's). `node bench/http-load.js <url> <seconds> <connections> [headers JSON]`
// prints the line bench/wrk-report.lua prints: `QUIRE_BENCH {rps, p50, p99, requests, non2xx, errors}`.
const [url, seconds, connections, headers = '{}'] = process.argv.slice(2);

async function main() {
  const until = performance.now() + Number(seconds) * 1000;
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(connections) }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const res = await fetch(url, { headers: JSON.parse(headers) });
          await res.arrayBuffer();
          if (res.status >= 300) non2xx++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const report = { rps: latencies.length / secs, p50: at(50), p99: at(99), requests: latencies.length, non2xx, errors };
  process.stdout.write(`QUIRE_BENCH ${JSON.stringify(report)}\n`);
}

main();
