import { enqueueEvent, type SqlExecutor } from '@quire/common';
import { CONTENT_TOPIC } from './content-events';

/**
 * Records a content event in the caller's transaction (relayed after commit). `key` is the id of
 * the space or collection the event is about.
 */
export async function announce(tx: SqlExecutor, key: string, type: string, data: Record<string, unknown>, now: Date): Promise<void> {
  await enqueueEvent(tx, { topic: CONTENT_TOPIC, key, type, data }, now);
}
