import type { BlobStore } from '@quire/platform/blobs';
import type { Cache } from '@quire/platform/cache';
import type { ContentHttpDeps } from '../../shared';
import type { ContentConversions } from '../domain/conversions';
import type { ContentImportDeps } from './import-content';

/** What content's use cases on a space's revisions use: the service's slice, its cache, blobs, imports and conversions. */
export type ContentDeps = ContentHttpDeps & {
  cache: Cache;
  imports: ContentImportDeps;
  blobs: BlobStore;
  internalSecret: string;
  conversions: ContentConversions;
};

/** Who asks: the user the gateway authenticated. */
export interface Caller {
  userId: string;
}
