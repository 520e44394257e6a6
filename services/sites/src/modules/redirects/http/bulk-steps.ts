import type { BulkStep } from '../domain/bulk-item';
import type { BulkRedirectItem } from './site-redirects.schema';

/** A parsed bulk item as the use case's step (the schema already refused kind "path" destinations). */
export function bulkStepOf(item: BulkRedirectItem): BulkStep {
  const { source, key } = item.source;
  if (item.intent === 'publish') return { kind: 'publish', source, key };
  const draft = item.intent === 'draft';
  if (!item.destination) return { kind: 'delete', source, key, draft };
  if (item.destination.kind === 'path') throw new Error('unreachable: refused by the schema');
  return { kind: 'upsert', source, key, draft, destination: item.destination, captureWildcard: item.captureWildcard, permanent: item.permanent };
}
