import { CONTENT_TOPIC, type ContentEvent, type ContentEventData, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import type { CustomField } from '../model/custom-field';

// Definition events are keyed by the field id and name the organization.
type CustomFieldEventType = typeof ContentEvent.customFieldCreated | typeof ContentEvent.customFieldUpdated | typeof ContentEvent.customFieldDeleted;

/** Enqueues a definition event in the command's transaction. */
export async function announceField<K extends CustomFieldEventType>(
  tx: SqlExecutor,
  field: CustomField,
  type: K,
  extra: Omit<ContentEventData<K>, 'organizationId' | 'customFieldId' | 'name'>,
  now: Date,
): Promise<void> {
  // TypeScript cannot see that adding the field completes the type's data; enqueueEvent checks it at run time.
  const data = { organizationId: field.organizationId, customFieldId: field.id, name: field.name, ...extra } as ContentEventData<K>;
  await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, field.id, type, data), now);
}
