// Reviews and review requests of a change request, as the store reads them.

export type ReviewStatus = 'approved' | 'changes-requested';

/** Reference: ChangeRequestReview (users by id; the presenter resolves them). */
export interface Review {
  id: string;
  changeRequestId: string;
  reviewer: string;
  requestedBy: string | null;
  status: ReviewStatus;
  revision: string;
  outdated: boolean;
  /** The review's comment document (reference Document), as posted. */
  comment: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/** Reference: ChangeRequestRequestedReviewer of kind `user`: a review asked for and not given yet. */
export interface ReviewRequest {
  changeRequestId: string;
  userId: string;
  requestedBy: string;
  revision: string;
  createdAt: Date;
}
