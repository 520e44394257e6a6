import type { PublishingAuthAnswer } from '../model/publishing-auth';

/** Reference SitePublishingAuth (custom backend). Unset URLs are left out, as the reference's optional fields. */
export function presentPublishingAuth(auth: PublishingAuthAnswer) {
  return {
    object: 'publishing-auth' as const,
    backend: auth.backend,
    privateKey: auth.privateKey,
    ...(auth.fallbackUrl !== null ? { fallbackURL: auth.fallbackUrl } : {}),
    ...(auth.logoutUrl !== null ? { logoutURL: auth.logoutUrl } : {}),
  };
}
