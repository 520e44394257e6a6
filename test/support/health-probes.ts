import type { StackState } from './stack';

// Probing /healthz while something heavy runs: a probe that waits is a stalled event loop (in
// embedded mode the loop is every service's).

/** Every /healthz a content conversion could stall: the gateway's, and in distributed mode each content copy's. */
export function healthUrls(stack: StackState): string[] {
  const contentUrls = (stack.cliEnv.CONTENT_HTTP_URL ?? '').split(',').filter(Boolean);
  return [`${stack.url}/healthz`, ...contentUrls.map((u) => `${u}/healthz`)];
}

/** Probes every health URL each `everyMs` until `work` settles; answers each probe's latency in ms (every probe must answer 200). */
export async function probeHealthDuring(stack: StackState, work: Promise<unknown>, everyMs = 20): Promise<number[]> {
  let done = false;
  const settled = work.then(
    () => (done = true),
    () => (done = true),
  );
  const latencies: number[] = [];
  while (!done) {
    const round = performance.now();
    for (const url of healthUrls(stack)) {
      const started = performance.now();
      const res = await fetch(url);
      await res.text();
      latencies.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - round))));
  }
  await settled;
  return latencies;
}

export const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number;
