import type { UrlBuilder } from '@quire/urls';
import type { User } from '../model/user';

/** Reference schema: User. */
export function presentUser(user: User, urls: UrlBuilder) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoUrl ? { photoURL: user.photoUrl } : {}),
    urls: { location: urls.api(`/users/${user.id}`) },
  };
}
