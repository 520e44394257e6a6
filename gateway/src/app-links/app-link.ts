/**
 * What a `urls.app` link names, read from its path alone: the presenters build these shapes
 * (identity: organization, link invite; content: collection, space, page, change request, revision;
 * sites: site; specs: OpenAPI spec). Nothing is looked up, so the answer is the same whether the
 * resource exists or not and tells a visitor without a token nothing.
 */
export interface AppLink {
  /** What the link names, for a reader ("change request"). */
  kind: string;
  /** A sentence on which one, built from the path's ids (raw: escape before showing). */
  detail: string;
  /** Where the API answers about it (a `/v1` path). */
  apiPath: string;
  /** Something the reader should know about this kind in Quire. */
  note?: string;
}

/** The path prefixes of `urls.app` links. */
export function isAppLinkPath(path: string): boolean {
  return /^\/(o|invite)(\/|$)/.test(path);
}

const enc = encodeURIComponent;

/** The link's meaning, or null for a path under `/o/` or `/invite/` that no presenter builds. */
export function describeAppLink(path: string): AppLink | null {
  const segments = decodedSegments(path);
  if (!segments) return null;
  const [root, org, area, id, ...rest] = segments;
  if (root === 'invite') {
    if (segments.length !== 3 || !org) return null;
    return {
      kind: 'invitation link',
      detail: `An invitation to join organization ${org}.`,
      apiPath: `/v1/orgs/${enc(org)}/link-invites`,
      note:
        'Quire has no sign-up page: an organization admin adds members through the API ' +
        `(POST /v1/orgs/${org}/invites) or the admin CLI (members add). The invitation itself is listed for admins at the API address below.`,
    };
  }
  if (root !== 'o' || !org) return null;
  if (area === undefined) return { kind: 'organization', detail: `Organization ${org}.`, apiPath: `/v1/orgs/${enc(org)}` };
  if (!id) return null;
  if (area === 'c' && rest.length === 0) return { kind: 'collection', detail: `Collection ${id}.`, apiPath: `/v1/collections/${enc(id)}` };
  if (area === 'sites' && rest.length === 0) return { kind: 'site', detail: `Site ${id}.`, apiPath: `/v1/orgs/${enc(org)}/sites/${enc(id)}` };
  if (area === 'openapi' && rest.length === 0)
    return { kind: 'OpenAPI specification', detail: `OpenAPI specification ${id}.`, apiPath: `/v1/orgs/${enc(org)}/openapi/${enc(id)}` };
  if (area !== 's') return null;
  const space = `/v1/spaces/${enc(id)}`;
  if (rest.length === 0) return { kind: 'space', detail: `Space ${id}.`, apiPath: space };
  if (rest[0] === '~') {
    const [, what, ref, ...more] = rest;
    if (!ref || more.length > 0) return null;
    if (what === 'changes')
      return { kind: 'change request', detail: `Change request #${ref} of space ${id}.`, apiPath: `${space}/change-requests/${enc(ref)}` };
    if (what === 'revisions') return { kind: 'revision', detail: `Revision ${ref} of space ${id}.`, apiPath: `${space}/revisions/${enc(ref)}` };
    return null;
  }
  const pagePath = rest.join('/');
  return {
    kind: 'page',
    detail: `The page at "${pagePath}" in space ${id}.`,
    apiPath: `${space}/content/pages`,
    note: "The API address lists the space's pages; each has its path, and GET …/content/page/{pageId} answers one.",
  };
}

/** The path's segments, decoded; null when one is not valid percent-encoding. */
function decodedSegments(path: string): string[] | null {
  try {
    return path
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}
