import { notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { SpecEvent, translationEvent } from '../events/specs-events';
import { deleteTranslation, insertTranslation, updateTranslation, type TranslationFields, type TranslationSettings } from '../store/translations.store';

/** What a create or PUT body carries, as the domain names it. */
export interface TranslationInput {
  title: string;
  languages?: string[];
  source?: { space: string; language: string };
  language?: string;
  instructions?: unknown;
}

const fieldsOf = (input: TranslationInput): TranslationFields => ({
  title: input.title,
  languages: input.languages,
  sourceSpaceId: input.source?.space,
  sourceLanguage: input.source?.language,
  language: input.language,
  instructions: input.instructions,
});

export async function createTranslation(
  db: SqlDatabase,
  organizationId: string,
  input: TranslationInput,
  callerId: string,
  now: Date,
): Promise<TranslationSettings> {
  return db.transaction(async (tx) => {
    const row = await insertTranslation(tx, { id: newId(), organizationId, ...fieldsOf(input) }, now);
    await enqueueEvent(tx, translationEvent(SpecEvent.translationCreated, { organizationId, translationId: row.id, createdBy: callerId }), now);
    return row;
  });
}

/** PUT: sets the title and whatever else the body carries; fields left out keep their value. */
export async function replaceTranslation(
  db: SqlDatabase,
  organizationId: string,
  translationId: string,
  input: TranslationInput,
  callerId: string,
  now: Date,
): Promise<TranslationSettings> {
  return db.transaction(async (tx) => {
    const row = await updateTranslation(tx, organizationId, translationId, fieldsOf(input), now);
    if (!row) throw notFound(`Translation settings ${translationId} not found`);
    await enqueueEvent(tx, translationEvent(SpecEvent.translationUpdated, { organizationId, translationId, updatedBy: callerId }), now);
    return row;
  });
}

export async function removeTranslation(db: SqlDatabase, organizationId: string, translationId: string, callerId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteTranslation(tx, organizationId, translationId))) throw notFound(`Translation settings ${translationId} not found`);
    await enqueueEvent(tx, translationEvent(SpecEvent.translationDeleted, { organizationId, translationId, deletedBy: callerId }), now);
  });
}
