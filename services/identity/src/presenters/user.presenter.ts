import type { UrlBuilder } from '@quire/common';
import type { UserRow } from '../store/users.store';

/** Reference schema: User. */
export function presentUser(user: UserRow, urls: UrlBuilder) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    ...(user.photo_url ? { photoURL: user.photo_url } : {}),
    urls: { location: urls.api(`/users/${user.id}`) },
  };
}
