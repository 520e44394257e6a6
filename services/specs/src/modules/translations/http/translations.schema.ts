import { pageQuery, resourceId, text, z } from '@quire/input';

// The reference's TranslationLanguage.
export const TRANSLATION_LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
] as const; // prettier-ignore
const language = z.enum(TRANSLATION_LANGUAGES);

export const orgParams = z.object({ organizationId: resourceId });
export const translationParams = orgParams.extend({ translationSettingsId: resourceId });
export const translationListQuery = pageQuery;

/**
 * The reference's JSONDocument, checked at its top level and stored as given, with the `data` the
 * reference requires in an answer (`{}` when the request left it out).
 */
const instructions = z
  .object({
    object: z.literal('document'),
    data: z.object({ schemaVersion: z.number().int().optional() }).passthrough().default({}),
    nodes: z.array(z.unknown()).max(1000),
  })
  .passthrough();

// The spec's TranslationSettings fields, plus the reference Translation's when a client sends them.
const fields = {
  title: text({ min: 1, max: 100 }),
  languages: z
    .array(language)
    .max(TRANSLATION_LANGUAGES.length)
    .refine((l) => new Set(l).size === l.length, 'must not repeat a language')
    .optional(),
  source: z.object({ space: resourceId, language }).strict().optional(),
  language: language.optional(),
  instructions: instructions.optional(),
};

export const createTranslationBody = z.object(fields).strict();
export const putTranslationBody = z.object(fields).strict();
