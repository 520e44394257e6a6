import type { SqlExecutor } from '@quire/platform/sql';
import { sectionToPromote } from '../domain/site-defaults';
import { listAllSections } from '../store/sections.store';
import { promoteMissingDefaults } from '../store/site-spaces-attach.store';
import { makeDefaultSection } from '../store/sites.store';

/**
 * Applies the rule to one site after a structure change, in its transaction: the first section
 * (navigation order) and the first visible site space of each parent (by key) take a missing
 * default. Idempotent. Answers the section it made the default, if any.
 */
export async function ensureSiteDefaults(tx: SqlExecutor, siteId: string): Promise<{ promotedSection: string | null }> {
  const promotedSection = sectionToPromote(await listAllSections(tx, siteId));
  if (promotedSection) await makeDefaultSection(tx, siteId, promotedSection);
  await promoteMissingDefaults(tx, [siteId]);
  return { promotedSection };
}
