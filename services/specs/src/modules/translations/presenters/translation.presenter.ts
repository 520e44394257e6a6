import type { Role } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import { translationPermissions } from '../policies/translation.policy';
import type { TranslationSettings } from '../model/translation';

export const translationPath = (t: Pick<TranslationSettings, 'organizationId' | 'id'>) => `/orgs/${t.organizationId}/translations/${t.id}`;

/** The spec's TranslationSettings, with the reference Translation's fields when they were given. */
export function presentTranslation(t: TranslationSettings, role: Role, urls: UrlBuilder) {
  return {
    object: 'translation-settings' as const,
    id: t.id,
    title: t.title,
    languages: t.languages,
    ...(t.sourceSpaceId && t.sourceLanguage ? { source: { space: t.sourceSpaceId, language: t.sourceLanguage } } : {}),
    ...(t.language ? { language: t.language } : {}),
    ...(t.instructions ? { instructions: t.instructions } : {}),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    permissions: translationPermissions(role),
    urls: { location: urls.api(translationPath(t)) },
  };
}
