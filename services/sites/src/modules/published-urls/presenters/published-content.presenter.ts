import type { PublishedContent, PublishedRedirect } from '../model/published-content';

/** Reference PublishedSiteContent (client 0.202.0): absent optional fields are left out, never null. */
export function presentPublishedContent(content: PublishedContent) {
  const { revision, ...rest } = content;
  return revision ? { ...rest, revision } : rest;
}

/** Reference PublishedContentRedirect: `target` says whether it leads into the site or out of it. */
export function presentPublishedRedirect(redirect: PublishedRedirect) {
  return redirect.target === 'external'
    ? { target: redirect.target, site: redirect.site, redirect: redirect.redirect }
    : { target: redirect.target, redirect: redirect.redirect };
}
