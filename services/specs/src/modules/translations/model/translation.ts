// Translation settings as the store reads them: the shape store, application and presenters share.

/** Translation settings of an organization (the spec's TranslationSettings). */
export interface TranslationSettings {
  id: string;
  organizationId: string;
  title: string;
  languages: string[];
  sourceSpaceId: string | null;
  sourceLanguage: string | null;
  language: string | null;
  instructions: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored fields of translation settings, named as the domain names them (undefined: not given). */
export interface TranslationFields {
  title?: string;
  languages?: string[];
  sourceSpaceId?: string;
  sourceLanguage?: string;
  language?: string;
  instructions?: unknown;
}
