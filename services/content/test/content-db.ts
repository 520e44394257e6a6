import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb, outboxEventTypes, silentLogger } from '../../../test/support/service-db';

export { silentLogger };

/** An embedded Postgres with the common and content migrations applied. */
export function openContentDb(): Promise<PgliteDatabase> {
  return openServiceDb('content', join(__dirname, '..', 'migrations'));
}

/** The types of the events written to the outbox with `key`, oldest first. */
export const outboxTypes = outboxEventTypes;
