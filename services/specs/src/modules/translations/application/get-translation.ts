import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import { authorizeTranslations } from '../policies/translation.policy';
import { findTranslation } from '../store/translations.store';
import type { TranslationSettings } from '../model/translation';
import type { Caller, TranslationDeps, TranslationRef } from './deps';

export async function getTranslation(
  deps: Pick<TranslationDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: TranslationRef,
): Promise<{ translation: TranslationSettings; role: Role }> {
  const role = await authorizeTranslations(deps, ref.organizationId, caller.userId, 'read');
  const translation = await findTranslation(deps.db, ref.organizationId, ref.translationSettingsId);
  if (!translation) throw notFound(`Translation settings ${ref.translationSettingsId} not found`);
  return { translation, role };
}
