import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { fieldsOf, type TranslationInput } from '../domain/translation-input';
import { outboxEvent, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { authorizeTranslations } from '../policies/translation.policy';
import { updateTranslationRow } from '../store/translations.store';
import type { TranslationSettings } from '../model/translation';
import type { Caller, TranslationDeps, TranslationRef } from './deps';

/** PUT: sets the title and whatever else the body carries; fields left out keep their value. */
export async function replaceTranslation(
  deps: TranslationDeps,
  caller: Caller,
  ref: TranslationRef,
  input: TranslationInput,
): Promise<{ translation: TranslationSettings; role: Role }> {
  const { organizationId, translationSettingsId: translationId } = ref;
  const role = await authorizeTranslations(deps, organizationId, caller.userId, 'manage');
  const now = deps.clock();
  const translation = await deps.db.transaction(async (tx) => {
    const row = await updateTranslationRow(tx, organizationId, translationId, fieldsOf(input), now);
    if (!row) throw notFound(`Translation settings ${translationId} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(SPECS_TOPIC, translationId, SpecEvent.translationUpdated, { organizationId, translationId, updatedBy: caller.userId }),
      now,
    );
    return row;
  });
  return { translation, role };
}
