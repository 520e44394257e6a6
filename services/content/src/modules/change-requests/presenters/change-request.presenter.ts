import type { PresentedUser } from '@quire/platform/users';
import type { UrlBuilder } from '@quire/urls';
import { changeRequestBase, type ChangeRequest } from '../model/change-request';

/** What a change request is presented against: its space (main's revision decides `outdated`). */
export interface ChangeRequestSpace {
  id: string;
  organizationId: string;
  revisionId: string;
}

/**
 * Reference schema: ChangeRequest. `outdated`: main moved since the change request's base (a
 * merged or archived change request is not waiting for anything, so it is never outdated).
 */
export function presentChangeRequest(cr: ChangeRequest, space: ChangeRequestSpace, createdBy: PresentedUser, urls: UrlBuilder) {
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy,
    createdAt: cr.createdAt.toISOString(),
    updatedAt: cr.updatedAt.toISOString(),
    space: space.id,
    revision: cr.revisionId,
    revisionInitial: cr.revisionInitial,
    ...(cr.revisionMergedAncestor ? { revisionMergedAncestor: cr.revisionMergedAncestor } : {}),
    ...(cr.revisionMerged ? { revisionMerged: cr.revisionMerged } : {}),
    comments: cr.comments,
    outdated: (cr.status === 'open' || cr.status === 'draft') && changeRequestBase(cr) !== space.revisionId,
    urls: {
      location: urls.api(`/spaces/${space.id}/change-requests/${cr.id}`),
      app: urls.app(`/o/${space.organizationId}/s/${space.id}/~/changes/${cr.number}`),
    },
  };
}

export type PresentedChangeRequest = ReturnType<typeof presentChangeRequest>;

/**
 * A merge revision's `mergedFrom` as a site reader (a published site's API token) sees it: the
 * reference's required shape, without what only the organization should read — the subject (an
 * internal title) and the creator's e-mail. A renderer reads pages, not change requests.
 */
export function presentMergedFromToSiteReader(cr: PresentedChangeRequest): PresentedChangeRequest {
  const user = cr.createdBy;
  const createdBy: PresentedUser = {
    object: user.object,
    id: user.id,
    displayName: user.displayName,
    urls: user.urls,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
  };
  return { ...cr, subject: '', createdBy };
}
