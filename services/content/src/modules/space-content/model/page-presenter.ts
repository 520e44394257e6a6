import type { LoadedRevision, readPageBody, StoredPage } from '../../revisions';
import type { Space } from '../../spaces';

/** How the caller presents a page (as JSON text): given its revision, its body if a document, and the space. */
export type PagePresenter = (page: StoredPage, loaded: LoadedRevision, body: Awaited<ReturnType<typeof readPageBody>> | undefined, space: Space) => string;
