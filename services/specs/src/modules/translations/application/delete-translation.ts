import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { authorizeTranslations } from '../policies/translation.policy';
import { deleteTranslationRow } from '../store/translations.store';
import type { Caller, TranslationDeps, TranslationRef } from './deps';

export async function deleteTranslation(deps: TranslationDeps, caller: Caller, ref: TranslationRef): Promise<void> {
  const { organizationId, translationSettingsId: translationId } = ref;
  await authorizeTranslations(deps, organizationId, caller.userId, 'manage');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    if (!(await deleteTranslationRow(tx, organizationId, translationId))) throw notFound(`Translation settings ${translationId} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(SPECS_TOPIC, translationId, SpecEvent.translationDeleted, { organizationId, translationId, deletedBy: caller.userId }),
      now,
    );
  });
}
