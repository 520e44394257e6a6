import type { InputDestination, RedirectDestination, SiteRedirectFields } from '../model/site-redirect';

// One item of bulkUpsertSiteRedirects, parsed: publish a draft, delete a live/draft redirect, or upsert one.
export type BulkStep =
  | { kind: 'publish'; source: string; key: string }
  | { kind: 'delete'; source: string; key: string; draft: boolean }
  | { kind: 'upsert'; source: string; key: string; draft: boolean; destination: RedirectDestination; captureWildcard?: boolean; permanent?: boolean };

/** A step as parsed: an upsert may still name its page by path (resolved before the call's transaction). */
export type BulkInputStep =
  Exclude<BulkStep, { kind: 'upsert' }> | (Omit<Extract<BulkStep, { kind: 'upsert' }>, 'destination'> & { destination: InputDestination });

/** The stored fields of an upsert: what it says over what the existing redirect has (defaults false). */
export function upsertFields(step: Extract<BulkStep, { kind: 'upsert' }>, existing: SiteRedirectFields | null): SiteRedirectFields {
  return {
    source: step.source,
    key: step.key,
    draft: step.draft,
    destination: step.destination,
    captureWildcard: step.captureWildcard ?? existing?.captureWildcard ?? false,
    permanent: step.permanent ?? existing?.permanent ?? false,
  };
}

/** The index of the first item naming the same source and kind as an earlier one, or -1: a call may touch a redirect once. */
export function firstRepeatedTarget(steps: readonly BulkInputStep[]): number {
  const seen = new Set<string>();
  for (const [index, step] of steps.entries()) {
    // publish touches both the draft and the live redirect of its source.
    const targets = step.kind === 'publish' ? [`d:${step.key}`, `l:${step.key}`] : [`${step.draft ? 'd' : 'l'}:${step.key}`];
    if (targets.some((t) => seen.has(t))) return index;
    targets.forEach((t) => seen.add(t));
  }
  return -1;
}
