import type { Role } from '@quire/access';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { fieldsOf, type TranslationInput } from '../domain/translation-input';
import { outboxEvent, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { authorizeTranslations } from '../policies/translation.policy';
import { insertTranslation } from '../store/translations.store';
import type { TranslationSettings } from '../model/translation';
import type { Caller, TranslationDeps } from './deps';

export async function createTranslation(
  deps: TranslationDeps,
  caller: Caller,
  organizationId: string,
  input: TranslationInput,
): Promise<{ translation: TranslationSettings; role: Role }> {
  const role = await authorizeTranslations(deps, organizationId, caller.userId, 'manage');
  const now = deps.clock();
  const translation = await deps.db.transaction(async (tx) => {
    const row = await insertTranslation(tx, { id: newId(), organizationId, ...fieldsOf(input) }, now);
    await enqueueEvent(
      tx,
      outboxEvent(SPECS_TOPIC, row.id, SpecEvent.translationCreated, { organizationId, translationId: row.id, createdBy: caller.userId }),
      now,
    );
    return row;
  });
  return { translation, role };
}
