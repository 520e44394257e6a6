import { CONTENT_TOPIC, type ContentEventData, type ContentEventType } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';

/**
 * Records a content event in the caller's transaction (relayed after commit). `key` is the id of
 * the space, collection or custom field the event is about; `data` is exactly what `type` declares.
 */
export async function announce<K extends ContentEventType>(tx: SqlExecutor, key: string, type: K, data: ContentEventData<K>, now: Date): Promise<void> {
  await enqueueEvent(tx, { topic: CONTENT_TOPIC, key, type, data }, now);
}
