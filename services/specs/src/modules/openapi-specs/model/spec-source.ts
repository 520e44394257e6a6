/** A source of a spec waiting to be processed: a URL to fetch, or the document's text. */
export interface OpenAPISpecSource {
  id: string;
  specId: string;
  url: string | null;
  text: string | null;
  createdAt: Date;
}
