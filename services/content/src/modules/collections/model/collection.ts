// A collection as the store reads it: the shape store, domain, application and presenters share.

/** A collection as the domain sees it (reference schema: Collection). */
export interface Collection {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  description: string | null;
  /** A role, `inherit`, or null (private to its grants). */
  defaultLevel: string | null;
  position: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields of a collection a PATCH changes (absent: unchanged). */
export interface CollectionChanges {
  title?: string;
  description?: string;
  defaultLevel?: string | null;
}
