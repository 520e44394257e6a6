import { Worker } from 'node:worker_threads';
import type { StackState } from './stack';

// Probing /healthz while something heavy runs: a probe that waits is a stalled event loop (in
// embedded mode the loop is every service's).

/** Every /healthz a content conversion could stall: the gateway's, and in distributed mode each content copy's. */
export function healthUrls(stack: StackState): string[] {
  const contentUrls = (stack.cliEnv.CONTENT_HTTP_URL ?? '').split(',').filter(Boolean);
  return [`${stack.url}/healthz`, ...contentUrls.map((u) => `${u}/healthz`)];
}

/**
 * The probe loop, run in a worker thread of its own: the test's own event loop (parsing a large
 * answer, or a major collection of jest's heap of a gigabyte and more) never counts as a stalled
 * /healthz. It probes until told to stop, then answers its latencies, or the first answer not 200.
 */
const PROBE_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, everyMs } = workerData;
let stopping = false;
parentPort.once('message', () => (stopping = true));
(async () => {
  const latencies = [];
  while (!stopping) {
    const round = performance.now();
    for (const url of urls) {
      const started = performance.now();
      const res = await fetch(url);
      await res.text();
      latencies.push(performance.now() - started);
      if (res.status !== 200) return parentPort.postMessage({ error: url + ' answered ' + res.status });
    }
    await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - round))));
  }
  parentPort.postMessage({ latencies });
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/** Probes every health URL each `everyMs` until `work` settles; answers each probe's latency in ms (every probe must answer 200). */
export async function probeHealthDuring(stack: StackState, work: Promise<unknown>, everyMs = 20): Promise<number[]> {
  const prober = new Worker(PROBE_LOOP, { eval: true, workerData: { urls: healthUrls(stack), everyMs } });
  const answered = new Promise<{ latencies?: number[]; error?: string }>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  try {
    // A probe that failed ends the wait at once, as it did on the test's own loop.
    const early = await Promise.race([
      work.then(
        () => null,
        () => null,
      ),
      answered,
    ]);
    if (early === null) prober.postMessage('stop');
    const { latencies, error } = await answered;
    if (error) throw new Error(error);
    return latencies!;
  } finally {
    await prober.terminate();
  }
}

export const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number;
