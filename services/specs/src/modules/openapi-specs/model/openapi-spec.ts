// An OpenAPI spec as the store reads it: the shape store, domain, application and presenters share.

export type ProcessingState = 'pending' | 'progress' | 'complete';

export type ProcessErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

export interface ProcessError {
  message: string;
  code?: string;
}

/** An OpenAPI spec (reference schema OpenAPISpec) and where its processing stands. */
export interface OpenAPISpec {
  id: string;
  organizationId: string;
  slug: string;
  sourceUrl: string | null;
  visibility: SpecVisibility;
  processingState: ProcessingState;
  lastVersionId: string | null;
  lastProcessedAt: Date | null;
  lastErrorCode: ProcessErrorCode | null;
  lastErrors: ProcessError[] | null;
  /** Errors the last processing found, before `lastErrors` was cut short; null if processed before it was counted. */
  lastErrorCount: number | null;
  pendingSourceId: string | null;
  nextRefreshAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SpecVisibility = 'private' | 'public';
