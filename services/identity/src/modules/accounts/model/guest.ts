/** A grant that keeps a guest: a role on a space, collection or site given to the user (content's and sites' permission.updated). */
export interface GuestGrant {
  organizationId: string;
  userId: string;
  resource: { kind: 'space' | 'collection' | 'site'; id: string };
  role: string;
}
