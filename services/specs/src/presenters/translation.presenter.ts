import type { Role, UrlBuilder } from '@quire/common';
import { specsPermissions } from '../policies/specs.policy';
import type { TranslationRow } from '../store/translations.store';

export const translationPath = (t: Pick<TranslationRow, 'organization_id' | 'id'>) => `/orgs/${t.organization_id}/translations/${t.id}`;

/** The spec's TranslationSettings, with the reference Translation's fields when they were given. */
export function presentTranslation(t: TranslationRow, role: Role, urls: UrlBuilder) {
  return {
    object: 'translation-settings' as const,
    id: t.id,
    title: t.title,
    languages: t.languages,
    ...(t.source_space_id && t.source_language ? { source: { space: t.source_space_id, language: t.source_language } } : {}),
    ...(t.language ? { language: t.language } : {}),
    ...(t.instructions ? { instructions: t.instructions } : {}),
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
    permissions: specsPermissions(role),
    urls: { location: urls.api(translationPath(t)) },
  };
}
