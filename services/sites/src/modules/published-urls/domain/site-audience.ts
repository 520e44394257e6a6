// Who may see a published site (reference SiteVisibility) when its URL is resolved: `public` and
// `unlisted` sites anyone; a `share-link` site only with an active share key of it in the URL
// (`share_key`); a `visitor-auth` site only with a visitor JWT its signing key verifies. A refused
// visitor is sent to the site's fallbackURL when the caller asked for it (`redirectOnError`) and the
// site has one; otherwise the answer is the reference's only refusal, 404, as for a site that is not there.

export type AudienceCheck = { ok: true; shareKey?: string } | { ok: false; reason: string; fallbackUrl?: string };
