import { z } from 'zod';

// A grant on a space, collection or site changed: content and sites each announce their own on
// their topic, with this one shape, and identity follows them to keep guests (docs/permissions.md).
export const PERMISSION_UPDATED = 'permission.updated';

export const permissionUpdated = z.object({
  organizationId: z.string(),
  resource: z.object({ kind: z.enum(['space', 'collection', 'site']), id: z.string() }),
  principal: z.object({ kind: z.enum(['user', 'team']), id: z.string() }),
  role: z.enum(['admin', 'create', 'review', 'edit', 'comment', 'read']).nullable().describe('null: the grant was removed'),
});

export type PermissionUpdated = z.infer<typeof permissionUpdated>;
