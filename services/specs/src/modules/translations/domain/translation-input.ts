import type { TranslationFields } from '../model/translation';

/** What a create or PUT body carries, as the domain names it. */
export interface TranslationInput {
  title: string;
  languages?: string[];
  source?: { space: string; language: string };
  language?: string;
  instructions?: unknown;
}

/** The stored fields of a body (the spec's `source` object becomes two columns). */
export const fieldsOf = (input: TranslationInput): TranslationFields & { title: string } => ({
  title: input.title,
  languages: input.languages,
  sourceSpaceId: input.source?.space,
  sourceLanguage: input.source?.language,
  language: input.language,
  instructions: input.instructions,
});
