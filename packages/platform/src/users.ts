import { chunks } from '@quire/helpers';
import type { IdentityClient } from './grpc/clients';
import type { UrlBuilder } from '@quire/urls';

/** Reference schema: User (embedded in change requests, comments, reactions…). */
export interface PresentedUser {
  object: 'user';
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
  urls: { location: string };
}

/** identity answers at most this many users per GetUsers call. */
const USERS_PER_CALL = 1000;

/**
 * Users by id as the reference's User objects, asked from identity in one gRPC call per 1,000
 * ids (never one per user). A user identity no longer knows (deleted) is presented as
 * "Unknown user" rather than failing the whole answer.
 */
export async function presentUsers(identity: IdentityClient, urls: UrlBuilder, ids: Iterable<string>): Promise<Map<string, PresentedUser>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, PresentedUser>();
  for (const batch of chunks(wanted, USERS_PER_CALL)) {
    const { users } = await identity.getUsers({ userIds: batch });
    for (const u of users)
      found.set(u.id, {
        object: 'user',
        id: u.id,
        displayName: u.displayName,
        ...(u.email ? { email: u.email } : {}),
        ...(u.photoUrl ? { photoURL: u.photoUrl } : {}),
        urls: { location: urls.api(`/users/${u.id}`) },
      });
  }
  for (const id of wanted) if (!found.has(id)) found.set(id, { object: 'user', id, displayName: 'Unknown user', urls: { location: urls.api(`/users/${id}`) } });
  return found;
}
