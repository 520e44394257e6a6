// A spec version as the store reads it: the shape store, application and presenters share.

/** A processed version of a spec (reference schema OpenAPISpecVersion), without its document. */
export interface OpenAPISpecVersion {
  id: string;
  specId: string;
  sha256: string;
  sourceUrl: string | null;
  fileName: string;
  mediaType: string;
  createdAt: Date;
}

export interface OpenAPISpecVersionWithDocument extends OpenAPISpecVersion {
  document: string;
}
