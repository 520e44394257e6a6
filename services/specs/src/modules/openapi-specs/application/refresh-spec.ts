import type { SqlDatabase } from '@quire/platform/sql';
import type { SpecSchedule } from '../domain/spec-sources';
import { acceptSource } from './accept-spec-source';
import { findSpecBySlug } from '../store/openapi-specs.store';
import type { OpenAPISpec } from '../model/openapi-spec';

/** A scheduled refresh: the same URL again, processed like a PUT of it. */
export async function refreshSpec(db: SqlDatabase, spec: OpenAPISpec, schedule: SpecSchedule, now: Date): Promise<void> {
  if (!spec.sourceUrl) return;
  const url = spec.sourceUrl;
  await db.transaction(async (tx) => {
    const current = await findSpecBySlug(tx, spec.organizationId, spec.slug, { forUpdate: true });
    if (current?.id !== spec.id || current.sourceUrl !== url) return;
    await acceptSource(tx, current, { url }, schedule, now);
  });
}
