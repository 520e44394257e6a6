// A change request as stored, and the rule its base follows: the shape store, domain and presenters share.

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequest {
  id: string;
  spaceId: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  createdBy: string;
  revisionId: string;
  revisionInitial: string;
  revisionMergedAncestor: string | null;
  revisionMerged: string | null;
  /** Pages an update left with conflict markers: page id → the body hash holding them. */
  conflicts: Record<string, string>;
  /** Open comments. */
  comments: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The revision main had when the change request last took it in (reference: revisionMergedAncestor ?? revisionInitial). */
export function changeRequestBase(cr: Pick<ChangeRequest, 'revisionMergedAncestor' | 'revisionInitial'>): string {
  return cr.revisionMergedAncestor ?? cr.revisionInitial;
}
