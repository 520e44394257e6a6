import type { BulkInputStep } from '../domain/bulk-item';
import type { BulkRedirectItem } from './site-redirects.schema';

/** A parsed bulk item as the use case's step (a page by path is resolved by the use case). */
export function bulkStepOf(item: BulkRedirectItem): BulkInputStep {
  const { source, key } = item.source;
  if (item.intent === 'publish') return { kind: 'publish', source, key };
  const draft = item.intent === 'draft';
  if (!item.destination) return { kind: 'delete', source, key, draft };
  return { kind: 'upsert', source, key, draft, destination: item.destination, captureWildcard: item.captureWildcard, permanent: item.permanent };
}
