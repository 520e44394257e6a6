import { ContentEvent } from '@quire/contracts';
import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import type { NewCustomFieldInput } from '../domain/custom-fields';
import { insertCustomField } from '../store/custom-fields.store';
import type { CustomField } from '../model/custom-field';
import { announceField } from './custom-field-events';

/** A new custom field definition: organization admins only. */
export async function createCustomField(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; field: NewCustomFieldInput },
): Promise<CustomField> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'manageCustomFields');
  return defineCustomField(db, input.organizationId, input.field, clock());
}

/** The command of createCustomField: a name the organization already uses is a 409. */
export async function defineCustomField(db: SqlDatabase, organizationId: string, input: NewCustomFieldInput, now: Date): Promise<CustomField> {
  return db.transaction(async (tx) => {
    const field = await insertCustomField(
      tx,
      {
        id: newId(),
        organizationId,
        name: input.name,
        type: input.type,
        title: input.title ?? '',
        description: input.description ?? '',
        placeholder: input.placeholder ?? '',
        options: input.options ?? null,
      },
      now,
    );
    if (!field) throw conflict(`Invalid body field "name": the organization already has a custom field named "${input.name}"`);
    await announceField(tx, field, ContentEvent.customFieldCreated, { type: field.type }, now);
    return field;
  });
}
