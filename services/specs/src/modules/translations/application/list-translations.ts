import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeTranslations } from '../policies/translation.policy';
import { listTranslationRows } from '../store/translations.store';
import type { TranslationSettings } from '../model/translation';
import type { Caller, TranslationDeps } from './deps';

export async function listTranslations(
  deps: Pick<TranslationDeps, 'db' | 'membership'>,
  caller: Caller,
  organizationId: string,
  page: PageRequest,
): Promise<Paged<TranslationSettings> & { role: Role }> {
  const role = await authorizeTranslations(deps, organizationId, caller.userId, 'read');
  return { ...(await listTranslationRows(deps.db, organizationId, page)), role };
}
